/** What is wrong in an account file, where. */
export interface FileIssue {
  path: (string | number)[];
  message: string;
  /** Point at the key itself (an unknown key) rather than at its value. */
  at?: "key";
}
