/**
 * A resource's usage example in each language the registry shows, as program text. The schema
 * description carries them in Pulumi's `{{% examples %}}` form (description.ts), so each SDK's
 * docstring keeps its own language's block; test/provider/native/examples.test.ts and
 * test/sdk/examples.test.ts check that they parse, compile and name real types and properties.
 */
export interface Example {
  title: string;
  typescript: string;
  python: string;
  go: string;
  yaml: string;
}
