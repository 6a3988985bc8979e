import plistlib, sys
# writes #define ICON_STUFF ... from App/Icons/Icons.plist
