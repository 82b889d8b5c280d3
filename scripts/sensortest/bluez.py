"""A simulated BlueZ on a private D-Bus, for testing the ble plugin without a radio.

`PrivateBus` starts `dbus-daemon --session --print-address` (the plugin is pointed at it with
DBUS_SYSTEM_BUS_ADDRESS); `BlueZ` owns `org.bluez` there, with dbus-fast (the library bleak uses),
and serves what bleak reads of BlueZ (doc/org.bluez.*.rst in BlueZ):

- `/` with org.freedesktop.DBus.ObjectManager: GetManagedObjects, InterfacesAdded/Removed;
- `/org/bluez/hci0`, org.bluez.Adapter1: SetDiscoveryFilter, StartDiscovery, StopDiscovery;
  while discovering, each device in range that is not connected "advertises": its RSSI changes;
- a device per `Device`, org.bluez.Device1: Connect, Disconnect, Connected, ServicesResolved;
  on Connect its services and characteristics appear (org.bluez.GattService1,
  org.bluez.GattCharacteristic1: StartNotify, StopNotify, ReadValue, WriteValue), and go on
  disconnect, as BlueZ does for a device it has not paired;
- notifications as PropertiesChanged of a characteristic's Value.

Writes are recorded with the time they came; a control point (0x2AD9) answers each write with
an indication, as an FTMS trainer does.
"""

import asyncio
import subprocess
import time

from dbus_fast import Message, MessageType, Variant
from dbus_fast.aio import MessageBus

ADAPTER = "/org/bluez/hci0"
OBJECT_MANAGER = "org.freedesktop.DBus.ObjectManager"
PROPERTIES = "org.freedesktop.DBus.Properties"


def uuid16(number):
    return f"0000{number:04x}-0000-1000-8000-00805f9b34fb"


class PrivateBus:
    """A dbus-daemon of the test's own, ended with `stop()`."""

    def __init__(self):
        self.process = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.address = self.process.stdout.readline().strip()
        if not self.address:
            raise RuntimeError("dbus-daemon did not start")

    def stop(self):
        self.process.terminate()
        self.process.wait(5)


class Characteristic:
    def __init__(self, number, flags):
        self.uuid = uuid16(number)
        self.flags = flags
        self.path = None
        self.service = None
        self.notifying = False
        self.value = b""


class Device:
    """A simulated peripheral: its address, name, the services it advertises and serves."""

    def __init__(self, address, name, services):
        self.address = address
        self.name = name
        #: {service number: [Characteristic, ...]}
        self.services = services
        self.path = f"{ADAPTER}/dev_{address.replace(':', '_')}"
        self.connected = False
        self.in_range = True
        self.gatt_paths = []
        self.writes = []
        self.controlled = False
        #: How many Request Controls to refuse first, as a trainer another app controls does.
        self.refusals = 0

    def characteristic(self, number):
        for characteristics in self.services.values():
            for characteristic in characteristics:
                if characteristic.uuid == uuid16(number):
                    return characteristic
        raise KeyError(number)

    def props(self):
        return {
            "Address": Variant("s", self.address), "AddressType": Variant("s", "random"),
            "Name": Variant("s", self.name), "Alias": Variant("s", self.name),
            "Adapter": Variant("o", ADAPTER), "Paired": Variant("b", False), "Bonded": Variant("b", False),
            "Trusted": Variant("b", False), "Blocked": Variant("b", False), "LegacyPairing": Variant("b", False),
            "Connected": Variant("b", self.connected), "ServicesResolved": Variant("b", self.connected),
            "UUIDs": Variant("as", [uuid16(number) for number in self.services]),
            "RSSI": Variant("n", -60),
        }


class BlueZ:
    """org.bluez on the private bus; `devices` are the peripherals near the adapter."""

    def __init__(self, address, devices):
        self.address = address
        self.devices = {device.path: device for device in devices}
        self.characteristics = {}
        self.discovering = False
        self.bus = None
        self.calls = []

    async def start(self):
        self.bus = MessageBus(bus_address=self.address)
        await self.bus.connect()
        self.bus.add_message_handler(self.handle)
        await self.bus.request_name("org.bluez")
        asyncio.get_running_loop().create_task(self.advertise())

    # --- Objects -------------------------------------------------------------------------------

    def adapter_props(self):
        return {"Address": Variant("s", "00:11:22:33:44:55"), "AddressType": Variant("s", "public"),
                "Name": Variant("s", "sim"), "Alias": Variant("s", "sim"), "Powered": Variant("b", True),
                "Discoverable": Variant("b", False), "Pairable": Variant("b", True),
                "Discovering": Variant("b", self.discovering), "UUIDs": Variant("as", []),
                "Roles": Variant("as", ["central", "peripheral"])}

    def gatt_objects(self, device):
        """{path: {interface: props}} of a connected device's services and characteristics."""
        objects = {}
        handle = 0x000C
        for number, characteristics in device.services.items():
            service_path = f"{device.path}/service{handle:04x}"
            objects[service_path] = {"org.bluez.GattService1": {
                "UUID": Variant("s", uuid16(number)), "Device": Variant("o", device.path),
                "Primary": Variant("b", True), "Includes": Variant("ao", [])}}
            handle += 1
            for characteristic in characteristics:
                characteristic.path = f"{service_path}/char{handle:04x}"
                characteristic.service = service_path
                objects[characteristic.path] = {"org.bluez.GattCharacteristic1": {
                    "UUID": Variant("s", characteristic.uuid), "Service": Variant("o", service_path),
                    "Flags": Variant("as", characteristic.flags), "Notifying": Variant("b", characteristic.notifying),
                    "Value": Variant("ay", characteristic.value)}}
                handle += 2
        return objects

    def managed_objects(self):
        objects = {ADAPTER: {"org.bluez.Adapter1": self.adapter_props()}}
        for device in self.devices.values():
            if device.in_range or device.connected:
                objects[device.path] = {"org.bluez.Device1": device.props()}
            if device.connected:
                objects.update(self.gatt_objects(device))
        return objects

    # --- Signals -------------------------------------------------------------------------------

    def signal(self, path, interface, member, signature, body):
        self.bus.send(Message.new_signal(path, interface, member, signature, body))

    def changed(self, path, interface, props):
        self.signal(path, PROPERTIES, "PropertiesChanged", "sa{sv}as", [interface, props, []])

    async def advertise(self):
        """While discovering, each device in range and not connected advertises every 0.2 s."""
        while True:
            await asyncio.sleep(0.2)
            if not self.discovering:
                continue
            for device in self.devices.values():
                if device.in_range and not device.connected:
                    self.changed(device.path, "org.bluez.Device1", {"RSSI": Variant("n", -55 - int(time.monotonic() * 10) % 5)})

    def set_connected(self, device, connected):
        if device.connected == connected:
            return
        device.connected = connected
        if connected:
            objects = self.gatt_objects(device)
            for characteristics in device.services.values():
                self.characteristics.update((characteristic.path, (device, characteristic)) for characteristic in characteristics)
            self.changed(device.path, "org.bluez.Device1", {"Connected": Variant("b", True)})
            for path, interfaces in objects.items():
                self.signal("/", OBJECT_MANAGER, "InterfacesAdded", "oa{sa{sv}}", [path, interfaces])
            self.changed(device.path, "org.bluez.Device1", {"ServicesResolved": Variant("b", True)})
        else:
            for characteristics in device.services.values():
                for characteristic in characteristics:
                    characteristic.notifying = False
                    self.characteristics.pop(characteristic.path, None)
            self.changed(device.path, "org.bluez.Device1", {"ServicesResolved": Variant("b", False)})
            self.changed(device.path, "org.bluez.Device1", {"Connected": Variant("b", False)})
            for path in sorted(self.gatt_objects(device), reverse=True):
                interface = "org.bluez.GattCharacteristic1" if "/char" in path else "org.bluez.GattService1"
                self.signal("/", OBJECT_MANAGER, "InterfacesRemoved", "oas", [path, [interface]])
            device.controlled = False

    # --- What the tests do ---------------------------------------------------------------------

    def notify(self, device, number, value):
        """The device sends a notification; delivered only when connected and subscribed."""
        characteristic = device.characteristic(number)
        characteristic.value = bytes(value)
        if device.connected and characteristic.notifying:
            self.changed(characteristic.path, "org.bluez.GattCharacteristic1", {"Value": Variant("ay", bytes(value))})
            return True
        return False

    def drop(self, device):
        """The device goes out of range: the link drops and it no longer advertises."""
        device.in_range = False
        self.set_connected(device, False)

    def come_back(self, device):
        device.in_range = True

    # --- Method calls --------------------------------------------------------------------------

    def handle(self, message):
        if message.message_type != MessageType.METHOD_CALL:
            return None
        self.calls.append((message.path, message.member))
        try:
            return self.dispatch(message)
        except KeyError:
            return Message.new_error(message, "org.freedesktop.DBus.Error.UnknownObject", f"no {message.path}")

    def dispatch(self, message):
        path, interface, member = message.path, message.interface, message.member
        reply = Message.new_method_return(message)
        if interface == OBJECT_MANAGER and member == "GetManagedObjects":
            return Message.new_method_return(message, "a{oa{sa{sv}}}", [self.managed_objects()])
        if interface == "org.bluez.Adapter1":
            if member in ("StartDiscovery", "StopDiscovery"):
                self.discovering = member == "StartDiscovery"
                self.changed(ADAPTER, interface, {"Discovering": Variant("b", self.discovering)})
            return reply
        if interface == "org.bluez.Device1":
            device = self.devices[path]
            if member == "Connect":
                if not device.in_range:
                    return Message.new_error(message, "org.bluez.Error.Failed", "Page Timeout")
                self.set_connected(device, True)
            elif member == "Disconnect":
                self.set_connected(device, False)
            return reply
        if interface == "org.bluez.GattCharacteristic1":
            device, characteristic = self.characteristics[path]
            if member in ("StartNotify", "StopNotify"):
                characteristic.notifying = member == "StartNotify"
                self.changed(path, interface, {"Notifying": Variant("b", characteristic.notifying)})
                return reply
            if member == "ReadValue":
                return Message.new_method_return(message, "ay", [characteristic.value])
            if member == "WriteValue":
                data = bytes(message.body[0])
                device.writes.append((time.monotonic(), characteristic.uuid, data))
                if characteristic.uuid == uuid16(0x2AD9):
                    asyncio.get_running_loop().call_soon(self.answer_control, device, characteristic, data)
                return reply
        if interface == PROPERTIES:
            return reply
        return Message.new_error(message, "org.freedesktop.DBus.Error.UnknownMethod", f"{interface}.{member}")

    def answer_control(self, device, characteristic, data):
        """An FTMS trainer's answer: 0x80, the op code, and success, or 'control not permitted'."""
        op = data[0] if data else 0xFF
        if op == 0x00 and device.refusals:
            device.refusals -= 1
        elif op == 0x00:
            device.controlled = True
        result = 0x01 if device.controlled else 0x05
        if op == 0x01:
            device.controlled = False
        if device.connected and characteristic.notifying:
            self.changed(characteristic.path, "org.bluez.GattCharacteristic1", {"Value": Variant("ay", bytes([0x80, op, result]))})
