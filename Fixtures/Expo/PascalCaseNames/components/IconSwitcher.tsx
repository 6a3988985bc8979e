import * as AppIcons from 'expo-alternate-app-icons';

export function IconSwitcher() {
  const pick = async (name: AppIcons.AlternateAppIcons | null) => AppIcons.setAlternateAppIcon(name);
  void AppIcons.setAlternateAppIcon('IconRed');
  void AppIcons.setAlternateAppIcon('icon-red');
  void AppIcons.setAlternateAppIcon('Blue');
  return pick;
}
