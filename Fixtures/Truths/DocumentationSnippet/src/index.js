export function changeIcon(name) { return name }
