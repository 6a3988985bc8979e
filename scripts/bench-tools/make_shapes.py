"""Writes the benchmark's repository shapes, deterministic per seed, into a scratch folder.

  monorepo: an emulator front-end: one app project and ~140 core projects (static
            libraries for iOS and tvOS, a few with their own apps), ~25 MB of
            project.pbxproj in Xcode's layout and object mix (PBXBuildFile, PBXFileReference,
            PBXGroup, build phases, container proxies and target dependencies, shell scripts,
            XCBuildConfiguration with list-valued settings), ~30 000 files in all.
  catalog:  a habit tracker: one app whose asset catalog holds ~30 single-size app icon
            sets, each with any / dark / tinted 1024 px RGBA images, ~3 000 files.

usage: make_shapes.py monorepo|catalog DIR
Prints one line: the number of files and the bytes of project.pbxproj written.
"""
import hashlib
import os
import plistlib
import random
import struct
import sys
import zlib

# ---------------------------------------------------------------- pbxproj writing

class Project:
    """Objects of one project.pbxproj, written in Xcode's section order and layout."""

    def __init__(self, name, seed):
        self.name = name
        self.objects = {}  # id -> (isa, comment, fields as ordered pairs, one_line)
        self.counter = 0
        self.salt = hashlib.sha1(name.encode()).hexdigest()[:8].upper()
        self.rng = random.Random(seed)

    def new_id(self):
        self.counter += 1
        return f"{self.salt}{self.counter:016X}"

    def add(self, isa, fields, comment=None, one_line=False, oid=None):
        oid = oid or self.new_id()
        self.objects[oid] = (isa, comment, fields, one_line)
        return oid

    @staticmethod
    def literal(value):
        if isinstance(value, str):
            if value and all(c.isalnum() or c in "_$/:.-" for c in value) and value.isascii():
                return value
            return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
        return str(value)

    def ref(self, oid):
        isa, comment, _, _ = self.objects[oid]
        return f"{oid} /* {comment or isa} */"

    def value(self, value, indent):
        tabs = "\t" * indent
        if isinstance(value, Ref):
            return self.ref(value.oid)
        if isinstance(value, list):
            if not value:
                return "(\n" + tabs + ")"
            inner = "".join(f"{tabs}\t{self.value(v, indent + 1)},\n" for v in value)
            return "(\n" + inner + tabs + ")"
        if isinstance(value, dict):
            inner = "".join(f"{tabs}\t{self.literal(k)} = {self.value(v, indent + 1)};\n" for k, v in sorted(value.items()))
            return "{\n" + inner + tabs + "}"
        return self.literal(value)

    def text(self, root):
        out = ["// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n"]
        by_isa = {}
        for oid, (isa, _, _, _) in self.objects.items():
            by_isa.setdefault(isa, []).append(oid)
        for isa in sorted(by_isa):
            out.append(f"\n/* Begin {isa} section */\n")
            for oid in sorted(by_isa[isa]):
                _, comment, fields, one_line = self.objects[oid]
                head = f"\t\t{oid} /* {comment} */ = " if comment else f"\t\t{oid} = "
                if one_line:
                    body = " ".join(f"{k} = {self.value(v, 0)};" for k, v in [("isa", isa)] + fields)
                    out.append(head + "{" + body + " };\n")
                else:
                    lines = [f"\t\t\tisa = {isa};\n"]
                    lines += [f"\t\t\t{k} = {self.value(v, 3)};\n" for k, v in fields]
                    out.append(head + "{\n" + "".join(lines) + "\t\t};\n")
            out.append(f"/* End {isa} section */\n")
        out.append(f"\t}};\n\trootObject = {root} /* Project object */;\n}}\n")
        return "".join(out)


class Ref:
    def __init__(self, oid):
        self.oid = oid


def write(path, data, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(data)


WORDS = ["video", "audio", "cpu", "memory", "input", "cheats", "state", "render", "shader", "dma", "timer",
         "bios", "disc", "cart", "mapper", "sound", "gpu", "spu", "mdec", "cdrom", "pad", "link", "rtc", "save"]


def settings(rng, kind, name, sdk, debug):
    """Build settings in the mix real core projects carry."""
    common = {
        "ALWAYS_SEARCH_USER_PATHS": "NO",
        "CLANG_CXX_LANGUAGE_STANDARD": "gnu++17",
        "CLANG_ENABLE_MODULES": "YES",
        "CLANG_WARN_BOOL_CONVERSION": "YES",
        "CLANG_WARN_CONSTANT_CONVERSION": "YES",
        "CLANG_WARN_EMPTY_BODY": "YES",
        "CLANG_WARN_ENUM_CONVERSION": "YES",
        "CLANG_WARN_INT_CONVERSION": "YES",
        "CLANG_WARN_UNREACHABLE_CODE": "YES",
        "COPY_PHASE_STRIP": "NO",
        "DEBUG_INFORMATION_FORMAT": "dwarf" if debug else "dwarf-with-dsym",
        "ENABLE_STRICT_OBJC_MSGSEND": "YES",
        "GCC_C_LANGUAGE_STANDARD": "gnu11",
        "GCC_NO_COMMON_BLOCKS": "YES",
        "GCC_OPTIMIZATION_LEVEL": "0" if debug else "fast",
        "GCC_WARN_64_TO_32_BIT_CONVERSION": "YES",
        "GCC_WARN_UNUSED_VARIABLE": "YES",
        "IPHONEOS_DEPLOYMENT_TARGET": "13.0",
        "TVOS_DEPLOYMENT_TARGET": "13.0",
        "MTL_ENABLE_DEBUG_INFO": "INCLUDE_SOURCE" if debug else "NO",
        "SDKROOT": sdk,
    }
    if kind == "project":
        return common
    defines = ["$(inherited)", "HAVE_CONFIG_H=1", "INLINE=\"static inline\"", "__LIBRETRO__", "USE_THREADS=1"]
    defines += [f"{rng.choice(WORDS).upper()}_{rng.choice(WORDS).upper()}={rng.randint(0, 9)}" for _ in range(rng.randint(3, 20))]
    paths = ["$(inherited)", "\"$(SRCROOT)/../../PVSupport\"", "\"$(SRCROOT)/src\""]
    paths += [f"\"$(SRCROOT)/{rng.choice(WORDS)}/{rng.choice(WORDS)}\"" for _ in range(rng.randint(2, 14))]
    target = {
        "GCC_PREPROCESSOR_DEFINITIONS": defines,
        "HEADER_SEARCH_PATHS": paths,
        "OTHER_CFLAGS": ["$(inherited)", "-DHAVE_STDINT_H", "-Wno-everything", "-fno-strict-aliasing", f"-DCORE_NAME={name}"],
        "PRODUCT_NAME": "$(TARGET_NAME)",
        "SKIP_INSTALL": "YES",
        "TARGETED_DEVICE_FAMILY": "1,2" if sdk == "iphoneos" else "3",
        "\"EXCLUDED_ARCHS[sdk=iphonesimulator*]\"": "i386",
    }
    if kind == "app":
        target.update({
            "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
            "INFOPLIST_FILE": f"{name}/Info.plist",
            "PRODUCT_BUNDLE_IDENTIFIER": f"org.example.{name.lower()}",
            "LD_RUNPATH_SEARCH_PATHS": ["$(inherited)", "@executable_path/Frameworks"],
            "CODE_SIGN_STYLE": "Automatic",
            "DEVELOPMENT_TEAM": "ABCDE12345",
        })
        target.pop("SKIP_INSTALL")
    return target


def png(width, height, rgba, seed, opaque=True, grey=False):
    """A deterministic image with some texture; RGBA images are opaque unless told otherwise."""
    rng = random.Random(seed)
    channels = 4 if rgba else 3
    base = [rng.randint(0, 255) for _ in range(3)]
    if grey:
        base = [base[0]] * 3
    row_cache = {}
    raw = bytearray()
    for y in range(height):
        key = y % 16
        if key not in row_cache:
            row = bytearray([0])
            for x in range(width):
                shade = (x * 3 + y * 5) & 0x3F
                px = [(c + shade) & 0xFF for c in base]
                if grey:
                    px = [px[0]] * 3
                row += bytes(px)
                if rgba:
                    row.append(255 if opaque or (x > 8 and y > 8) else 0)
            row_cache[key] = bytes(row)
        raw += row_cache[key]
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    color_type = 6 if rgba else 2
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b""))


def app_icon_set(folder, name, image_bytes, appearances):
    """A single-size iOS app icon set (Xcode 14+): one 1024 slot per appearance."""
    images = []
    for appearance, data in zip(appearances, image_bytes):
        filename = f"{name}-{appearance}.png"
        write(os.path.join(folder, filename), data, "wb")
        entry = {"filename": filename, "idiom": "universal", "platform": "ios", "size": "1024x1024"}
        if appearance != "any":
            entry["appearances"] = [{"appearance": "luminosity", "value": appearance}]
        images.append(entry)
    import json
    write(os.path.join(folder, "Contents.json"), json.dumps({"images": images, "info": {"author": "xcode", "version": 1}}, indent=2))


def core_project(root, name, rng, with_app, icon_png):
    """One core: sources on disk, a project with iOS and tvOS static libraries (and maybe an app)."""
    project = Project(name, rng.random())
    folder = os.path.join(root, "Cores", name)
    files_written = 0
    n_sources = int(rng.lognormvariate(5.22, 0.7))
    n_sources = max(20, min(n_sources, 900))
    groups = {}
    main_children = []
    source_refs = []
    header_refs = []
    for i in range(n_sources):
        sub = f"src/{rng.choice(WORDS)}"
        ext = rng.choice([".c", ".c", ".cpp", ".m", ".h", ".h", ".mm", ".inc"])
        base = f"{rng.choice(WORDS)}_{rng.choice(WORDS)}{i}{ext}"
        path = os.path.join(folder, sub, base)
        if not os.path.exists(path):
            write(path, "/* generated */\n")
            files_written += 1
        file_type = {".c": "sourcecode.c.c", ".cpp": "sourcecode.cpp.cpp", ".m": "sourcecode.c.objc",
                     ".h": "sourcecode.c.h", ".mm": "sourcecode.cpp.objcpp", ".inc": "text"}[ext]
        ref = project.add("PBXFileReference", [("fileEncoding", 4), ("lastKnownFileType", file_type), ("path", base),
                                               ("sourceTree", "<group>")], comment=base, one_line=True)
        if sub not in groups:
            groups[sub] = []
        groups[sub].append(ref)
        (header_refs if ext == ".h" else source_refs).append(ref)
    src_children = []
    for sub, children in sorted(groups.items()):
        gid = project.add("PBXGroup", [("children", [Ref(c) for c in children]), ("path", sub.split("/")[1]),
                                       ("sourceTree", "<group>")], comment=sub.split("/")[1])
        src_children.append(gid)
    src = project.add("PBXGroup", [("children", [Ref(c) for c in src_children]), ("path", "src"), ("sourceTree", "<group>")], comment="src")
    main_children.append(src)
    products = []
    targets = []
    configs_by_target = {}
    platforms = [("iOS", "iphoneos"), ("tvOS", "appletvos")]
    for label, sdk in platforms:
        product = project.add("PBXFileReference", [("explicitFileType", "archive.ar"), ("includeInIndex", 0),
                                                   ("path", f"lib{name}-{label}.a"), ("sourceTree", "BUILT_PRODUCTS_DIR")],
                              comment=f"lib{name}-{label}.a", one_line=True)
        products.append(product)
        sources_files = [project.add("PBXBuildFile", [("fileRef", Ref(r))], comment=f"{project.objects[r][1]} in Sources", one_line=True)
                         for r in source_refs]
        header_files = [project.add("PBXBuildFile", [("fileRef", Ref(r)), ("settings", {"ATTRIBUTES": ["Public"]})],
                                    comment=f"{project.objects[r][1]} in Headers", one_line=True) for r in header_refs]
        phases = [
            project.add("PBXHeadersBuildPhase", [("buildActionMask", 2147483647), ("files", [Ref(f) for f in header_files]),
                                                 ("runOnlyForDeploymentPostprocessing", 0)], comment="Headers"),
            project.add("PBXSourcesBuildPhase", [("buildActionMask", 2147483647), ("files", [Ref(f) for f in sources_files]),
                                                 ("runOnlyForDeploymentPostprocessing", 0)], comment="Sources"),
            project.add("PBXFrameworksBuildPhase", [("buildActionMask", 2147483647), ("files", []),
                                                    ("runOnlyForDeploymentPostprocessing", 0)], comment="Frameworks"),
        ]
        if rng.random() < 0.3:
            phases.append(project.add("PBXShellScriptBuildPhase", [
                ("buildActionMask", 2147483647), ("files", []), ("inputPaths", []), ("name", "Generate version header"),
                ("outputPaths", ["$(DERIVED_FILE_DIR)/version.h"]), ("runOnlyForDeploymentPostprocessing", 0),
                ("shellPath", "/bin/sh"),
                ("shellScript", "set -e\ncd \"$SRCROOT\"\necho \"#define CORE_VERSION \\\"$(git describe --always)\\\"\" > \"$DERIVED_FILE_DIR/version.h\"\n")],
                comment="Generate version header"))
        configs = [project.add("XCBuildConfiguration", [("buildSettings", settings(rng, "target", name, sdk, debug)),
                                                        ("name", "Debug" if debug else "Release")],
                               comment="Debug" if debug else "Release") for debug in (True, False)]
        config_list = project.add("XCConfigurationList", [("buildConfigurations", [Ref(c) for c in configs]),
                                                          ("defaultConfigurationIsVisible", 0), ("defaultConfigurationName", "Release")],
                                  comment=f"Build configuration list for PBXNativeTarget \"{name}-{label}\"")
        target = project.add("PBXNativeTarget", [("buildConfigurationList", Ref(config_list)), ("buildPhases", [Ref(p) for p in phases]),
                                                 ("buildRules", []), ("dependencies", []), ("name", f"{name}-{label}"),
                                                 ("productName", name), ("productReference", Ref(product)),
                                                 ("productType", "com.apple.product-type.library.static")],
                             comment=f"{name}-{label}")
        targets.append(target)
    if with_app:
        app = f"{name}App"
        app_folder = os.path.join(folder, app)
        plist = {"CFBundleExecutable": "$(EXECUTABLE_NAME)", "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
                 "CFBundleName": "$(PRODUCT_NAME)", "CFBundlePackageType": "APPL", "CFBundleShortVersionString": "1.0",
                 "CFBundleVersion": "1", "UIDeviceFamily": [1, 2], "UILaunchStoryboardName": "LaunchScreen"}
        write(os.path.join(app_folder, "Info.plist"), plistlib.dumps(plist), "wb")
        app_icon_set(os.path.join(app_folder, "Assets.xcassets", "AppIcon.appiconset"), "AppIcon", [icon_png], ["any"])
        write(os.path.join(app_folder, "Assets.xcassets", "Contents.json"), '{"info":{"author":"xcode","version":1}}')
        files_written += 5
        assets = project.add("PBXFileReference", [("lastKnownFileType", "folder.assetcatalog"), ("path", "Assets.xcassets"),
                                                  ("sourceTree", "<group>")], comment="Assets.xcassets", one_line=True)
        info = project.add("PBXFileReference", [("lastKnownFileType", "text.plist.xml"), ("path", "Info.plist"),
                                                ("sourceTree", "<group>")], comment="Info.plist", one_line=True)
        app_group = project.add("PBXGroup", [("children", [Ref(assets), Ref(info)]), ("path", app), ("sourceTree", "<group>")], comment=app)
        main_children.append(app_group)
        resource_file = project.add("PBXBuildFile", [("fileRef", Ref(assets))], comment="Assets.xcassets in Resources", one_line=True)
        resources = project.add("PBXResourcesBuildPhase", [("buildActionMask", 2147483647), ("files", [Ref(resource_file)]),
                                                           ("runOnlyForDeploymentPostprocessing", 0)], comment="Resources")
        product = project.add("PBXFileReference", [("explicitFileType", "wrapper.application"), ("includeInIndex", 0),
                                                   ("path", f"{app}.app"), ("sourceTree", "BUILT_PRODUCTS_DIR")],
                              comment=f"{app}.app", one_line=True)
        products.append(product)
        proxy = project.add("PBXContainerItemProxy", [("containerPortal", Ref("ROOT")), ("proxyType", 1),
                                                      ("remoteGlobalIDString", targets[0]), ("remoteInfo", f"{name}-iOS")],
                            comment="PBXContainerItemProxy")
        dependency = project.add("PBXTargetDependency", [("target", Ref(targets[0])), ("targetProxy", Ref(proxy))],
                                 comment="PBXTargetDependency")
        configs = [project.add("XCBuildConfiguration", [("buildSettings", settings(rng, "app", app, "iphoneos", debug)),
                                                        ("name", "Debug" if debug else "Release")],
                               comment="Debug" if debug else "Release") for debug in (True, False)]
        config_list = project.add("XCConfigurationList", [("buildConfigurations", [Ref(c) for c in configs]),
                                                          ("defaultConfigurationIsVisible", 0), ("defaultConfigurationName", "Release")],
                                  comment=f"Build configuration list for PBXNativeTarget \"{app}\"")
        targets.append(project.add("PBXNativeTarget", [("buildConfigurationList", Ref(config_list)), ("buildPhases", [Ref(resources)]),
                                                       ("buildRules", []), ("dependencies", [Ref(dependency)]), ("name", app),
                                                       ("productName", app), ("productReference", Ref(product)),
                                                       ("productType", "com.apple.product-type.application")], comment=app))
    products_group = project.add("PBXGroup", [("children", [Ref(p) for p in products]), ("name", "Products"),
                                              ("sourceTree", "<group>")], comment="Products")
    main_children.append(products_group)
    main_group = project.add("PBXGroup", [("children", [Ref(c) for c in main_children]), ("sourceTree", "<group>")])
    project_configs = [project.add("XCBuildConfiguration", [("buildSettings", settings(rng, "project", name, "iphoneos", debug)),
                                                            ("name", "Debug" if debug else "Release")],
                                   comment="Debug" if debug else "Release") for debug in (True, False)]
    project_list = project.add("XCConfigurationList", [("buildConfigurations", [Ref(c) for c in project_configs]),
                                                       ("defaultConfigurationIsVisible", 0), ("defaultConfigurationName", "Release")],
                               comment=f"Build configuration list for PBXProject \"{name}\"")
    root_id = project.new_id()
    # The proxies point at the project object, known only now.
    for oid, (isa, comment, fields, one_line) in list(project.objects.items()):
        project.objects[oid] = (isa, comment, [(k, Ref(root_id) if isinstance(v, Ref) and v.oid == "ROOT" else v) for k, v in fields], one_line)
    project.add("PBXProject", [("attributes", {"LastUpgradeCheck": 1500, "ORGANIZATIONNAME": "Example"}),
                               ("buildConfigurationList", Ref(project_list)), ("compatibilityVersion", "Xcode 14.0"),
                               ("developmentRegion", "en"), ("hasScannedForEncodings", 0), ("knownRegions", ["en", "Base"]),
                               ("mainGroup", Ref(main_group)), ("productRefGroup", Ref(products_group)),
                               ("projectDirPath", ""), ("projectRoot", ""), ("targets", [Ref(t) for t in targets])],
                comment="Project object", oid=root_id)
    text = project.text(root_id)
    write(os.path.join(folder, f"{name}.xcodeproj", "project.pbxproj"), text)
    return files_written + 1, len(text.encode())


def monorepo(root):
    rng = random.Random(7)
    icon = png(1024, 1024, True, 1)
    files, pbx = 0, 0
    for index in range(140):
        name = f"{rng.choice(WORDS).capitalize()}{rng.choice(WORDS).capitalize()}{index:03d}"
        written, size = core_project(root, name, rng, with_app=index % 14 == 0, icon_png=icon)
        files += written
        pbx += size
    # Documentation, licences, test ROM lists: files the walk meets and lint skips.
    files = sum(len(names) for _, _, names in os.walk(root))
    extra = 0
    while files + extra < 30000:
        write(os.path.join(root, "Docs", f"part{extra // 500}", f"note{extra}.md"), "# note\n")
        extra += 1
    return files + extra, pbx


def catalog(root):
    rng = random.Random(11)
    app = "Habits"
    folder = os.path.join(root, app)
    images = {
        "any": [png(1024, 1024, True, 100 + i) for i in range(3)],
        "dark": [png(1024, 1024, True, 200 + i, opaque=False) for i in range(3)],
        "tinted": [png(1024, 1024, True, 300 + i, grey=True) for i in range(3)],
    }
    names = []
    for index in range(30):
        name = "AppIcon" if index == 0 else f"AppIcon-{rng.choice(WORDS).capitalize()}{index}"
        names.append(name)
        app_icon_set(os.path.join(folder, "Assets.xcassets", f"{name}.appiconset"), name,
                     [images[a][index % 3] for a in ("any", "dark", "tinted")], ["any", "dark", "tinted"])
    write(os.path.join(folder, "Assets.xcassets", "Contents.json"), '{"info":{"author":"xcode","version":1}}')
    plist = {"CFBundleExecutable": "$(EXECUTABLE_NAME)", "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
             "CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2],
             "CFBundleIcons": {"CFBundlePrimaryIcon": {"CFBundleIconName": "AppIcon"}}}
    write(os.path.join(folder, "Info.plist"), plistlib.dumps(plist), "wb")
    files = 30 * 4 + 2
    project = Project(app, 3)
    refs = []
    for i in range(1400):
        base = f"{rng.choice(WORDS).capitalize()}View{i}.swift"
        write(os.path.join(folder, "Sources", base), "import SwiftUI\n")
        files += 1
        refs.append(project.add("PBXFileReference", [("lastKnownFileType", "sourcecode.swift"), ("path", base),
                                                     ("sourceTree", "<group>")], comment=base, one_line=True))
    files = sum(len(names) for _, _, names in os.walk(root))
    while files < 3000:
        write(os.path.join(root, "Localization", f"{files}.strings"), '"a" = "b";\n')
        files += 1
    assets = project.add("PBXFileReference", [("lastKnownFileType", "folder.assetcatalog"), ("path", "Assets.xcassets"),
                                              ("sourceTree", "<group>")], comment="Assets.xcassets", one_line=True)
    sources_group = project.add("PBXGroup", [("children", [Ref(r) for r in refs]), ("path", "Sources"), ("sourceTree", "<group>")], comment="Sources")
    app_group = project.add("PBXGroup", [("children", [Ref(sources_group), Ref(assets)]), ("path", app), ("sourceTree", "<group>")], comment=app)
    main_group = project.add("PBXGroup", [("children", [Ref(app_group)]), ("sourceTree", "<group>")])
    build_files = [project.add("PBXBuildFile", [("fileRef", Ref(r))], comment="in Sources", one_line=True) for r in refs]
    resource = project.add("PBXBuildFile", [("fileRef", Ref(assets))], comment="Assets.xcassets in Resources", one_line=True)
    phases = [project.add("PBXSourcesBuildPhase", [("buildActionMask", 2147483647), ("files", [Ref(f) for f in build_files]),
                                                   ("runOnlyForDeploymentPostprocessing", 0)], comment="Sources"),
              project.add("PBXResourcesBuildPhase", [("buildActionMask", 2147483647), ("files", [Ref(resource)]),
                                                     ("runOnlyForDeploymentPostprocessing", 0)], comment="Resources")]
    target_settings = lambda debug: dict(settings(rng, "app", app, "iphoneos", debug),
                                         ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES=" ".join(names[1:]),
                                         ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS="NO")
    configs = [project.add("XCBuildConfiguration", [("buildSettings", target_settings(debug)), ("name", "Debug" if debug else "Release")],
                           comment="Debug" if debug else "Release") for debug in (True, False)]
    config_list = project.add("XCConfigurationList", [("buildConfigurations", [Ref(c) for c in configs]),
                                                      ("defaultConfigurationName", "Release")], comment="Build configuration list")
    target = project.add("PBXNativeTarget", [("buildConfigurationList", Ref(config_list)), ("buildPhases", [Ref(p) for p in phases]),
                                             ("name", app), ("productType", "com.apple.product-type.application")], comment=app)
    project_configs = [project.add("XCBuildConfiguration", [("buildSettings", settings(rng, "project", app, "iphoneos", debug)),
                                                            ("name", "Debug" if debug else "Release")]) for debug in (True, False)]
    project_list = project.add("XCConfigurationList", [("buildConfigurations", [Ref(c) for c in project_configs]),
                                                       ("defaultConfigurationName", "Release")])
    root_id = project.add("PBXProject", [("buildConfigurationList", Ref(project_list)), ("mainGroup", Ref(main_group)),
                                         ("projectDirPath", ""), ("targets", [Ref(target)])], comment="Project object")
    text = project.text(root_id)
    write(os.path.join(root, f"{app}.xcodeproj", "project.pbxproj"), text)
    return files + 1, len(text.encode())


if __name__ == "__main__":
    shape, root = sys.argv[1], sys.argv[2]
    files, pbx = {"monorepo": monorepo, "catalog": catalog}[shape](root)
    print(f"{files} {pbx}")
