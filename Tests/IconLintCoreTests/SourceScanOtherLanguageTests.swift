import Testing

@testable import IconLintCore
@testable import SourceScan

@Suite("Source scan: Objective-C")
struct SourceScanObjectiveCTests {
    @Test func messageSends() {
        let source = """
            #import <UIKit/UIKit.h>
            - (void)useDark {
                [[UIApplication sharedApplication] setAlternateIconName:@"Dark" completionHandler:^(NSError *error) {
                    NSLog(@"%@", error);
                }];
                [UIApplication.sharedApplication setAlternateIconName:nil completionHandler:nil];
            }
            - (void)segment:(NSInteger)index {
                NSString *iconName = nil;
                if (index == 1) {
                    iconName = @"Icon1";
                } else if (index == 2) {
                    iconName = @"Icon2";
                }
                [[UIApplication sharedApplication] setAlternateIconName:(index > 2 ? @"Icon3" : iconName) completionHandler:nil];
            }
            """
        #expect(
            describeCalls(source, .objectiveC) == [
                "3:40 [Dark@3:61]", "6:38 [] primary", "15:40 [Icon1@11:20 Icon2@13:20 Icon3@15:74] primary",
            ])
    }

    /// Issue 20.8: a row of a table of dictionary literals, read by key.
    @Test func namesFromATableOfDictionaries() {
        let source = """
            @implementation IconsController
            - (NSArray *)icons {
                return @[
                    @{ @"title": @"Light", @"iconName": @"originalLight" },
                    @{ @"title": @"Dark", @"iconName": @"originalDark" },
                    @{ @"title": @"Default" },
                ];
            }
            - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
                NSDictionary *specifier = self.icons[indexPath.row];
                [[UIApplication sharedApplication] setAlternateIconName:specifier[@"iconName"] completionHandler:nil];
            }
            - (void)other:(NSDictionary *)specifier {
                [[UIApplication sharedApplication] setAlternateIconName:specifier[@"iconName"] completionHandler:nil];
            }
            @end
            """
        // The row without the key passes nil; a dictionary from a parameter is unknown.
        #expect(describeCalls(source, .objectiveC) == ["11:40 [originalLight@4:45 originalDark@5:44] primary", "14:40 [] dynamic"])
    }

    @Test func everyPreprocessorBranch() {
        let source = """
            - (void)apply {
            #if DEBUG
                NSString *name = @"Debug";
            #elif defined(BETA) && \\
                  BETA > 1
                NSString *name = @"Beta";
            #else
                NSString *name = @"Release"; // "unterminated in a comment
            #endif
                [[UIApplication sharedApplication] setAlternateIconName:name completionHandler:nil];
            }
            """
        #expect(describeCalls(source, .objectiveC) == ["10:40 [Debug@3:22 Beta@6:22 Release@8:22]"])
    }

    @Test func silentAndMentions() {
        let source = """
            // [app setAlternateIconName:@"Comment" completionHandler:nil];
            /* [app setAlternateIconName:@"Block" completionHandler:nil]; */
            #define CALL [app setAlternateIconName:@"Macro" completionHandler:nil]
            NSString *text = @"[app setAlternateIconName:@\\"InString\\" completionHandler:nil]";
            - (void)setAlternateIconName:(NSString *)name completionHandler:(void (^)(NSError *))handler {
                [super setAlternateIconName:name completionHandler:handler];
            }
            - (void)apply:(NSString *)name {
                [[UIApplication sharedApplication] setAlternateIconName:name completionHandler:nil];
                [[UIApplication sharedApplication] setAlternateIconName:[NSString stringWithFormat:@"Icon%d", 2] completionHandler:nil];
                SEL s = @selector(setAlternateIconName:completionHandler:);
            }
            """
        #expect(describeCalls(source, .objectiveC) == ["6:12 [] dynamic", "9:40 [] dynamic", "10:40 [] dynamic"])
    }
}

@Suite("Source scan: Dart")
struct SourceScanDartTests {
    @Test func flutterDynamicIcon() {
        let source = """
            import 'package:flutter_dynamic_icon/flutter_dynamic_icon.dart';
            Future<void> change(int index) async {
              await FlutterDynamicIcon.setAlternateIconName('photos');
              await FlutterDynamicIcon.setAlternateIconName(null);
              String? name;
              switch (index) {
                case 1:
                  name = "chills";
                  break;
                case 2:
                  name = r'team$fortress';
              }
              await FlutterDynamicIcon.setAlternateIconName(name, showAlert: false);
              final other = index > 3 ? 'Dark' : 'Light';
              await FlutterDynamicIcon.setAlternateIconName(other);
            }
            """
        #expect(
            describeCalls(source, .dart) == [
                "3:28 [photos@3:49]", "4:28 [] primary", "13:28 [chills@8:14 team$fortress@11:14] primary",
                "15:28 [Dark@14:29 Light@14:38]",
            ])
    }

    @Test func silentAndMentions() {
        let source = """
            // FlutterDynamicIcon.setAlternateIconName('Comment');
            /* outer /* FlutterDynamicIcon.setAlternateIconName('Nested') */ still */
            const text = 'FlutterDynamicIcon.setAlternateIconName("InString")';
            const multi = '''
            FlutterDynamicIcon.setAlternateIconName('Multi');
            ''';
            Future<void> apply(String name, int n) async {
              await FlutterDynamicIcon.setAlternateIconName(name);
              await FlutterDynamicIcon.setAlternateIconName('icon$n');
              await FlutterDynamicIcon.setAlternateIconName('icon${n + 1}');
              await Other.setAlternateIconName('NotThePlugin');
              await FlutterDynamicIconPlus.setAlternateIconName(iconName: 'OtherPackage');
            }
            """
        #expect(describeCalls(source, .dart) == ["8:28 [] dynamic", "9:28 [] dynamic", "10:28 [] dynamic"])
    }
}

@Suite("Source scan: JavaScript and TypeScript")
struct SourceScanJavaScriptTests {
    @Test func reactNativeChangeIcon() {
        let source = """
            import React from 'react';
            import { changeIcon, getIcon } from 'react-native-change-icon';
            export default function App() {
              const dark = useColorScheme() === 'dark';
              const name = dark ? 'Dark' : "Default";
              return (
                <View>
                  <Text>Don't tap "here" unless {`you're`} sure</Text>
                  <Button title="Light" onPress={() => changeIcon('Light')} />
                  <Button title='Reset' onPress={() => { changeIcon(name); }} />
                  <Button onPress={() => changeIcon()} />
                </View>
              );
            }
            """
        #expect(
            describeCalls(source, .javaScript) == [
                "9:44 [Light@9:55]", "10:46 [Dark@5:23] primary", "11:30 [] primary",
            ])
    }

    @Test func expoAndAliases() {
        let source = """
            import { setAlternateAppIcon as setIcon, type AlternateAppIcons } from "expo-alternate-app-icons";
            import * as Icons from 'expo-alternate-app-icons';
            const re = /'[a-z]+/g;
            async function pick(which: number): Promise<void> {
              let icon: AlternateAppIcons | null = null;
              if (which === 1) icon = 'IconA';
              else if (which === 2) icon = `IconB`;
              await setIcon(icon);
              await Icons.setAlternateAppIcon(which > 3 ? null : 'IconC' as AlternateAppIcons);
              await setIcon(`Icon${which}`);
            }
            """
        #expect(
            describeCalls(source, .typeScript) == [
                "8:9 [IconA@6:27 IconB@7:32] primary", "9:15 [IconC@9:54] primary", "10:9 [] dynamic",
            ])
    }

    @Test func capacitorAppIcon() {
        let source = """
            const { AppIcon } = require('@capacitor-community/app-icon');
            export const change = async (dark: boolean) => {
              await AppIcon.change({ name: 'ionitron', suppressNotification: true });
              const name = dark ? 'stencil' : 'ionic';
              await AppIcon.change({ name, suppressNotification: false });
              await AppIcon.change({ suppressNotification: false, 'name': "quoted" });
              await AppIcon.change(options);
              await AppIcon.reset({ suppressNotification: true });
            };
            """
        #expect(
            describeCalls(source, .typeScriptJSX) == [
                "3:17 [ionitron@3:32]", "5:17 [stencil@4:23 ionic@4:35]", "6:17 [quoted@6:63]", "7:17 [] dynamic",
            ])
    }

    @Test func callsWithoutThePluginsImportAreNotCounted() {
        let source = """
            // import { changeIcon } from 'react-native-change-icon';
            const changeIcon = (name) => console.log(name);
            changeIcon('Whatever');
            setAlternateAppIcon('NotImported');
            AppIcon.change({ name: 'NotImported' });
            """
        #expect(describeCalls(source, .javaScript) == [])
    }

    /// A function expression at the very start, and the import after the call.
    @Test func anonymousFunctionFirst() {
        let source = """
            function () { const n = 'A'; changeIcon(n); }
            import { changeIcon } from 'react-native-change-icon';
            """
        #expect(describeCalls(source, .javaScript) == ["1:30 [A@1:25]"])
    }

    @Test func mentionsInStringsCommentsAndTemplates() {
        let source = """
            import { changeIcon } from 'react-native-change-icon';
            /* changeIcon('Block') */
            // changeIcon('Line')
            const a = "changeIcon('InString')";
            const b = `changeIcon('InTemplate') ${ "}" + `${changeIcon}` }`;
            const c = x / 2; const d = y / 3; // division, not a regex
            function rename(name: string) { return changeIcon(name); }
            """
        #expect(describeCalls(source, .typeScript) == ["7:40 [] dynamic"])
    }

    /// Issue 20.8: `variant.iconName` over an array of object literals.
    @Test func namesFromATableOfObjects() {
        let source = """
            import { changeIcon } from 'react-native-change-icon';
            const VARIANTS = [
              { title: 'Default', iconName: 'Default' },
              { title: 'Night', iconName: 'NightIcon' },
              { title: 'Plain' },
            ];
            export async function choose(index) {
              const variant = VARIANTS[index];
              await changeIcon(variant.iconName);
              for (const other of VARIANTS) { await changeIcon(other.iconName); }
            }
            export function fromServer(variant) { return changeIcon(variant.iconName); }
            """
        #expect(
            describeCalls(source, .javaScript) == [
                "9:9 [NightIcon@4:31] primary", "10:41 [NightIcon@4:31] primary", "12:46 [] dynamic",
            ])
    }

    /// Issue 20.8 as React Native screens write it: the row reaches the call as a parameter, of
    /// the table's `map` callback or of a handler that every use calls with such a row.
    @Test func rowsThroughACallbackOrAHandler() {
        let source = """
            import { changeIcon } from 'react-native-change-icon';
            const ICONS: Row[] = [
              { id: 'a', iconName: 'Ocean' },
              { id: 'b', iconName: 'NightIcon' },
            ];
            const OTHER = [{ iconName: 'Other' }];
            export function Screen() {
              const pick = useCallback(async (icon: Row) => {
                await changeIcon(icon.iconName);
              }, []);
              function direct(row) { return changeIcon(row.iconName); }
              ICONS.forEach(function (each) { changeIcon(each.iconName); });
              return ICONS.map((icon) => <Button onPress={() => pick(icon)} other={() => direct(icon)} />);
            }
            export const exported = (icon) => changeIcon(icon.iconName);
            const mixed = (icon) => changeIcon(icon.iconName);
            const passed = (icon) => changeIcon(icon.iconName);
            ICONS.map((icon) => mixed(icon));
            OTHER.map((icon) => mixed(icon));
            ICONS.map((icon) => <Row onPress={passed} />);
            """
        #expect(
            describeCalls(source, .typeScriptJSX) == [
                "9:11 [Ocean@3:24 NightIcon@4:24]", "11:33 [Ocean@3:24 NightIcon@4:24]", "12:35 [Ocean@3:24 NightIcon@4:24]",
                // Exported (other files call it), called with rows of two tables, passed on as a value.
                "15:35 [] dynamic", "16:25 [] dynamic", "17:26 [] dynamic",
            ])
    }

    /// Issue 20.8: a plugin loaded on demand with `await import("…")`.
    @Test func pluginLoadedWithADynamicImport() {
        let source = """
            export async function apply(dark: boolean) {
              const { changeIcon } = await import("react-native-change-icon");
              await changeIcon(dark ? "NightIcon" : null);
            }
            export async function other() {
              const Icons = await import('expo-alternate-app-icons');
              await Icons.setAlternateAppIcon("Sunset");
            }
            """
        #expect(describeCalls(source, .typeScript) == ["3:9 [NightIcon@3:27] primary", "7:15 [Sunset@7:35]"])
    }
}
