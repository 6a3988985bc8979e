#import "AppIconViewController.h"

@implementation AppIconViewController

- (NSArray<NSDictionary *> *)specifiers {
    return @[
        @{ @"title": @"Default", @"image": @"AppIcon" },
        @{ @"title": @"Light", @"iconName": @"originalLight", @"image": @"originalWhite-preview" },
        @{ @"title": @"Dark", @"iconName": @"originalDark", @"image": @"originalDark-preview" },
    ];
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    NSDictionary *specifier = self.specifiers[indexPath.row];
    [[UIApplication sharedApplication] setAlternateIconName:specifier[@"iconName"] completionHandler:^(NSError *error) {
        if (error) { NSLog(@"%@", error); }
    }];
}

@end
