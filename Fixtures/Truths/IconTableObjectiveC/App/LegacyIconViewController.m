#import "LegacyIconViewController.h"

@implementation LegacyIconViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.icons = [NSArray arrayWithContentsOfFile:[[NSBundle mainBundle] pathForResource:@"Icons" ofType:@"plist"]];
}

- (void)select:(NSInteger)row {
    NSDictionary *icon = self.icons[row];
    [[UIApplication sharedApplication] setAlternateIconName:icon[@"iconName"] completionHandler:nil];
}

@end
