// The linter `npm test` runs (scripts/test): the recommended rules of ESLint and typescript-eslint,
// without type information (fast on 2 cores), over the TypeScript and JavaScript we write.
const js = require("@eslint/js");
const tseslint = require("typescript-eslint");

module.exports = tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "sdk/**", "**/node_modules/**", ".pulumi-local/**", "examples/**/bin/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { ...require("globals").node, ...require("globals").mocha } },
    rules: {
      // Unused names fail the type check already (noUnusedLocals/Parameters); `_` marks a deliberate one.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // The stub is serialized by value into every resource's state: it may use only require and
    // globals, and a comment in its body would change every stack's __provider text.
    files: ["provider/dynamic/stub.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // CommonJS scripts and the config itself: require() is how they import.
    files: ["**/*.js"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Tests read the engine's events, outputs and state exports, which are untyped JSON.
    // Inline programs load modules when the engine runs them, with require().
    files: ["test/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-require-imports": "off" },
  },
);
