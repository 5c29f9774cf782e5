/** The command table: every `esign` command, in the order `esign --help` lists them. Add a command here. */
import type { Command } from "../command";
import { driftCommand } from "./drift";
import { exportCommand } from "./export";

export const COMMANDS: Command[] = [exportCommand, driftCommand];
