module.exports.withIcons = (v) => ['expo-alternate-app-icons', [`./assets/icons/${v}.png`]];
