#!/usr/bin/env python3
"""Writes two big files of another app into FOLDER, for `pacer list` (issue 41.4):

    bench/list-files.py FOLDER

  texts.zwo   about 3.9 MB: 2,150 steady states, each with 20 text events (43,000 in all)
  course.erg  about 1.6 MB: 2,000 rows of [COURSE DATA] and 40,000 rows of [COURSE TEXT]
"""
import pathlib
import sys


def zwo(steps, texts):
    body = []
    for step in range(steps):
        events = "".join(f'<textevent timeoffset="{3 * text}" message="Step {step}, cue {text}: keep the cadence up and breathe"/>'
                         for text in range(texts))
        body.append(f'<SteadyState Duration="60" Power="0.{55 + step % 40}">{events}</SteadyState>')
    return ("<workout_file>\n<name>Big</name>\n<sportType>bike</sportType>\n<tags><tag name=\"BENCH\"/></tags>\n<workout>\n"
            + "\n".join(body) + "\n</workout>\n</workout_file>\n")


def erg(rows, texts):
    data = []
    for row in range(rows):
        data += [f"{row}.00\t{100 + row % 200}", f"{row + 1}.00\t{100 + row % 200}"]
    text = [f"{3 * index}\tCue {index}: keep the cadence up\t5" for index in range(texts)]
    return ("[COURSE HEADER]\nVERSION = 2\nUNITS = ENGLISH\nDESCRIPTION = Big\nMINUTES WATTS\n[END COURSE HEADER]\n"
            "[COURSE DATA]\n" + "\n".join(data) + "\n[END COURSE DATA]\n[COURSE TEXT]\n" + "\n".join(text) + "\n[END COURSE TEXT]\n")


folder = pathlib.Path(sys.argv[1])
folder.mkdir(parents=True, exist_ok=True)
(folder / "texts.zwo").write_text(zwo(2150, 20))
(folder / "course.erg").write_text(erg(2000, 40000))
