/** The declarative account file: schema, loader and the program that deploys it. */
export { accountFileSchema, type AccountFile } from "./schema";
export { AccountFileError, loadAccountFile, parseAccountFile } from "./load";
export { deployAccount, type DeployedAccount } from "./program";
