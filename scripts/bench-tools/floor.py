"""The floor a linter is measured against: walks the tree as a linter must, reads every
project.pbxproj, .xcconfig, .plist and Contents.json whole and the first 64 bytes of
every PNG, and does nothing with them.

usage: floor.py DIR    (prints the number of files read)
"""
import os
import sys

WHOLE = (".xcconfig", ".plist")


def main(root):
    count = 0
    for folder, _, names in os.walk(root):
        for name in names:
            if name == "project.pbxproj" or name == "Contents.json" or name.endswith(WHOLE):
                with open(os.path.join(folder, name), "rb") as f:
                    f.read()
                count += 1
            elif name.endswith(".png"):
                with open(os.path.join(folder, name), "rb") as f:
                    f.read(64)
                count += 1
    print(count)


if __name__ == "__main__":
    main(sys.argv[1])
