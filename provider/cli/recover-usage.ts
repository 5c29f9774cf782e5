/** `esign recover`'s usage line, apart from the command so `esign --help` loads nothing else. */
export const RECOVER_USAGE = "usage: esign recover [DIR] [--stack NAME] [--dry-run] [--unlock]";
