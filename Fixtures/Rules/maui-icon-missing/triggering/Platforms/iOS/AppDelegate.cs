namespace Calculator;

[Register("AppDelegate")]
public class AppDelegate : MauiUIApplicationDelegate { }
