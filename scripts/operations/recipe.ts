/**
 * The recipe for an operation: the files a new one changes by hand (issue 36 item 5). The
 * scratch-operation test (test/architecture/scratch-operation.test.ts) follows it on a copy
 * of the tree and fails if anything else had to change; ARCHITECTURE.md shows it (lists.ts).
 * `<area>` and `<verb>` are the parts of the operation's id.
 */
export interface RecipeStep {
  file: string;
  what: string;
}

export const OPERATION_RECIPE: readonly RecipeStep[] = [
  { file: "contract/operations.ts", what: "its row: method, path, request parts, response (key and schema), success status, tier, auth" },
  { file: "contract/requests/<area>.ts", what: "its request and response schemas" },
  { file: "service/areas/<area>/index.ts", what: 'its handler: `route("<area>.<verb>", handler)` in the area\'s routes' },
  { file: "test/client/<area>-<verb>.test.ts", what: "one test: `client.<area>.<verb>(...)` against the local service (the client's method is derived from the row)" },
];

/** The recipe's files for one operation id (its area and verb put in, underscores as dashes in the test's name). */
export function recipeFiles(id: string): string[] {
  const [area, verb] = id.split(".");
  return OPERATION_RECIPE.map((step) => step.file.replace("<area>-<verb>", `${area}-${verb}`.replace(/_/g, "-")).replace(/<area>/g, area));
}
