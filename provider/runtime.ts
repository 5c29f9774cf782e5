/**
 * The implementation behind the serialized provider stubs (see dynamic/stub.ts).
 * `require("pulumi-esign/runtime").resourceProvider("ApiApp")` returns the provider methods
 * for one resource type; this module is loaded once per provider process, so the client, its
 * throttle, the parent-list cache and the record of adopted objects are shared by every
 * resource of a deployment.
 */
import type * as pulumi from "@pulumi/pulumi";
import { DEFAULT_BASE_URL } from "./client/options";
import { registry } from "./resources/registry";
import { claim, claimedKey, forgetClaims } from "./deployment/claims";
import { isUnauthorized } from "./client/errors";
import { actingAccount, checkPin, PIN } from "./deployment/account-pin";
import { assertSettings, configure, currentSettings, keyHolder, providerContext, resetContext } from "./deployment/context";
import { KeyRefusal, onceInFull, readable, refusedKeyLine } from "./deployment/errors";
import { keyChange, keyDiffers, recordKey } from "./deployment/key-change";
import { defaultDiff, Props, readInputs, ResourceImpl, unlessGone, withoutProvider } from "./core/resource";

/** Outputs travel as protobuf Structs, which cannot hold undefined: drop such keys. */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? {}));
}

/**
 * The input keys the program gave, kept in the outputs: refresh returns only these as the
 * resource's inputs, so values the provider filled in (a client id, an account id, a default
 * role) are not shown as removed by the next change.
 */
const DECLARED = "declaredInputs";

function declaredKeys(impl: ResourceImpl, inputs: Props): string[] {
  const inputKeys = new Set([...Object.keys(impl.rules), ...(impl.extraInputs ?? [])]);
  return Object.keys(inputs).filter((k) => inputKeys.has(k) && inputs[k] !== undefined).sort();
}

function withDeclared(impl: ResourceImpl, outs: Props, inputs: Props): Props {
  return plain({ ...outs, [DECLARED]: declaredKeys(impl, inputs) });
}

/** read's `inputs`: the refreshed values of the keys the program declared (all, for old state). */
function refreshedInputs(impl: ResourceImpl, current: Props, declared: unknown): Props {
  const inputs = readInputs(impl, current);
  if (!Array.isArray(declared)) return inputs;
  return Object.fromEntries(Object.entries(inputs).filter(([k]) => declared.includes(k)));
}

function objectKeys(type: string, impl: ResourceImpl, id: string, props: Props): string[] {
  return (impl.objectKeys ? impl.objectKeys(id, props) : [id]).map((k) => `${type}:${k}`);
}

/** The resource's own diff of its inputs (no request). */
async function inputDiff(impl: ResourceImpl, id: string, olds: Props, news: Props): Promise<pulumi.dynamic.DiffResult> {
  return impl.diff ? impl.diff(id, olds, news) : defaultDiff(impl, olds, news);
}

/** The operations whose failures the SDK host echoes to stderr (create and update it does not). */
const ECHOED = new Set(["check", "diff", "read", "delete"]);

/** Runs one operation; a failure leaves as one readable line (deployment/errors.ts). */
async function op<T>(type: string, operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const what = `${type} ${operation}`;
    if (isUnauthorized(error)) {
      const s = currentSettings();
      const baseUrl = s.baseUrl ?? DEFAULT_BASE_URL;
      error = new KeyRefusal(refusedKeyLine(what, baseUrl, s.sources.apiKey, keyHolder()), `the API key was refused (401) by ${baseUrl}`, keyHolder());
    }
    // Every resource of the stack fails the same way on a key refusal: said in full once (D62).
    if (error instanceof KeyRefusal) error = new Error(onceInFull(what, error));
    throw await readable(error, what, ECHOED.has(operation));
  }
}

/**
 * Starts a new deployment in this process: forgets the objects earlier creates claimed and the
 * shared client and caches. A provider process normally serves one deployment; hosts that
 * serve several in one process (the fast test tier) call this between them.
 */
export function newDeployment(): void {
  forgetClaims();
  resetContext();
}

const providers = new Map<string, pulumi.dynamic.ResourceProvider>();

/** The provider methods of one resource type, made once per process (stubs ask on every call). */
export function resourceProvider(type: string): pulumi.dynamic.ResourceProvider {
  let provider = providers.get(type);
  if (!provider) providers.set(type, (provider = makeProvider(type)));
  return provider;
}

function makeProvider(type: string): pulumi.dynamic.ResourceProvider {
  const impl = registry[type];
  if (!impl) throw new Error(`pulumi-esign: unknown resource type ${type}`);
  return {
    async configure(req) {
      configure(req.config);
    },
    check: (olds, news) => op(type, "check", async () => {
      assertSettings(); // a bad setting fails the preview here, before any request
      const result = await impl.check(withoutProvider(olds), withoutProvider(news));
      return { ...result, inputs: result.inputs && plain(result.inputs) };
    }),
    diff: (id, olds, news) => op(type, "diff", async () => {
      const o = withoutProvider(olds);
      const n = withoutProvider(news);
      const result = await inputDiff(impl, id, o, n);
      // A key changed since this object's last deployment is verified now (one read per
      // process) and recorded by an update, even when no input changed (D63).
      if (await keyChange(`${type} ${id} diff`, o)) return { ...result, changes: true };
      return result;
    }),
    create: (inputs) => op(type, "create", async () => {
      const given = withoutProvider(inputs);
      const ctx = providerContext();
      const { accountId } = await actingAccount(ctx, `${type} create`);
      const { id, outs } = await impl.create(ctx, given);
      claim(objectKeys(type, impl, id, outs));
      return { id, outs: withDeclared(impl, { ...outs, [PIN]: accountId, ...(await recordKey()) }, given) };
    }),
    read: (id, props) => op(type, "read", async () => {
      const old = withoutProvider(props);
      const ctx = providerContext();
      // Another account's key sees a 404 for this object: refuse before reading, never "gone".
      const accountId = await checkPin(ctx, `${type} ${id} read`, old);
      const current = await unlessGone(() => impl.read(ctx, id, old), undefined);
      if (!current) return { id: "" };
      const pinned = { ...current, [PIN]: accountId, ...(await recordKey(old)) };
      const outs = old[DECLARED] === undefined ? pinned : { ...pinned, [DECLARED]: old[DECLARED] };
      return { id, props: plain(outs), inputs: plain(refreshedInputs(impl, current, old[DECLARED])) };
    }),
    update: (id, olds, news) => op(type, "update", async () => {
      const n = withoutProvider(news);
      const o = withoutProvider(olds);
      const ctx = providerContext();
      const accountId = await checkPin(ctx, `${type} ${id} update`, o);
      // Only the key changed (a verified rotation): record it, send nothing.
      const onlyKey = (await keyDiffers(o)) && (await inputDiff(impl, id, o, n)).changes === false;
      const outs = onlyKey ? { ...o } : await impl.update(ctx, id, o, n);
      return { outs: withDeclared(impl, { ...outs, [PIN]: accountId, ...(await recordKey(o)) }, n) };
    }),
    delete: (id, props) => op(type, "delete", async () => {
      const old = withoutProvider(props);
      const ctx = providerContext();
      await checkPin(ctx, `${type} ${id} delete`, old);
      const kept = claimedKey(objectKeys(type, impl, id, old));
      if (kept) {
        // A rename: another resource of this deployment adopted the object; keep it.
        ctx.log(`${type} ${id}: kept, another resource of this deployment took it over (${kept})`);
        return;
      }
      await unlessGone(() => impl.delete(ctx, id, old), undefined);
    }),
  };
}
