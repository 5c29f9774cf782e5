/**
 * The host-neutral core of every resource operation: what check, diff, create, read, update and
 * delete do around a resource's own implementation (settings checked, the account pin, the key
 * fingerprint, claims, declared inputs, one readable line per failure), for a Deployment given
 * as a parameter. The two hosts adapt their calls to these: the dynamic stubs' runtime
 * (runtime.ts) and the native plugin (native/resources.ts); neither goes through the other.
 * Properties arrive plain: no `__provider`, no secret wrappers.
 */
import type * as pulumi from "@pulumi/pulumi";
import { isGone, isRoleRefusal, isUnauthorized } from "../client/errors";
import { DEFAULT_BASE_URL } from "../client/options";
import { keepUnreported } from "../core/diff";
import { untilFound } from "../core/read-lag";
import { defaultDiff, Props, readInputs, ResourceImpl, unlessGone } from "../core/resource";
import { UnfinishedCreate } from "../core/unfinished-create";
import { actingAccount, checkPin, PIN } from "../deployment/account-pin";
import type { Deployment } from "../deployment/context";
import type { DiffRun } from "../deployment/hand-over";
import { KeyRefusal, onceInFull, PartialCreate, readable, refusedKeyLine, ROLE_REFUSAL_SUMMARY, roleRefusalLine } from "../deployment/errors";
import { keyChange, keyDiffers, recordKey } from "../deployment/key-change";
import { afterCutOff } from "../made/after-cut-off";
import { currentCheckpoint } from "../pulumi-state/checkpoint";
import { holderInState, renamedWithoutAliases } from "../deployment/renamed";
import { inputSchemas, registry } from "../resources/registry";
import { checkInputs } from "../core/check";

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

/**
 * When a kind whose reads lag (its implementation has `settle`) was created, ms: a refresh
 * within the lag bound of it takes a 404 for the lag (core/read-lag.ts, D120). Kept by every
 * later read and update.
 */
const CREATED_AT = "createdAtMs";

/** The recorded creation time to carry into new outputs (none for kinds without the lag, or old state). */
function createdAt(olds: Props): { [CREATED_AT]?: number } {
  const at = olds[CREATED_AT];
  return typeof at === "number" ? { [CREATED_AT]: at } : {};
}

/** The stack's checkpoint as the run's first check saw it: the engine records a create of the run before it asks for it, so a later look would take the run's own creates for a cut-off run's (D96). */
const checkpointAtStart = (d: Deployment) => d.run.memo.once("checkpoint", currentCheckpoint);

/**
 * A create (no olds) whose object the stack's state holds under another logical name: a key
 * renamed without aliases, refused before any change (deployment/renamed.ts, D125).
 */
function renameFailures(d: Deployment, type: string, impl: ResourceImpl, olds: Props, inputs: Props): { property: string; reason: string }[] {
  if (!impl.identity || Object.keys(olds).length > 0) return [];
  const named = impl.identity.ofNew(inputs);
  const holder = named && holderInState(checkpointAtStart(d), type, named.value, impl.identity.ofHeld);
  return holder ? [{ property: named.property, reason: renamedWithoutAliases(type, named.what, named.property, holder) }] : [];
}

/** The declared input keys create records (also what `esign recover` records: pulumi-state/export.ts). */
export function declaredKeys(impl: ResourceImpl, inputs: Props): string[] {
  const inputKeys = new Set([...Object.keys(impl.rules), ...(impl.extraInputs ?? [])]);
  return Object.keys(inputs)
    .filter((k) => inputKeys.has(k) && inputs[k] !== undefined)
    .sort();
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
async function inputDiff(impl: ResourceImpl, id: string, olds: Props, news: Props, run?: DiffRun): Promise<pulumi.dynamic.DiffResult> {
  return impl.diff ? impl.diff(id, olds, news, run) : defaultDiff(impl, olds, news);
}

export type OperationName = "check" | "diff" | "create" | "read" | "update" | "delete";

/** How a resource is named in the service's warnings: its id, or the declared name of one being created. */
function subject(type: string, id: string | undefined, props: Props | undefined): string {
  if (id) return `${type} ${id}`;
  const label = ["name", "title", "emailAddress", "number"].map((k) => props?.[k]).find((v) => typeof v === "string" && v !== "");
  return label ? `${type} ${JSON.stringify(label)}` : type;
}

/**
 * Runs one operation; a failure leaves as one readable line (deployment/errors.ts), and the
 * service's warnings meanwhile become engine warnings naming the resource (`on`).
 */
async function op<T>(deployment: Deployment, type: string, operation: OperationName, fn: () => Promise<T>, on: string = type): Promise<T> {
  try {
    return await deployment.run.warnings.during(`${on} ${operation}`, fn);
  } catch (caught) {
    const what = `${type} ${operation}`;
    let error = caught;
    if (isRoleRefusal(error)) {
      error = new KeyRefusal(roleRefusalLine(what, deployment.holder), ROLE_REFUSAL_SUMMARY, deployment.holder);
    } else if (isUnauthorized(error)) {
      const s = deployment.settings;
      const baseUrl = s.baseUrl ?? DEFAULT_BASE_URL;
      error = new KeyRefusal(refusedKeyLine(what, baseUrl, s.sources.apiKey, deployment.holder), `the API key was refused (401) by ${baseUrl}`, deployment.holder);
    }
    // An update of an object deleted outside the stack: say so, and how to recover.
    if (operation === "update" && isGone(error)) {
      error = new Error(`${on} update: it is gone from the service (deleted outside this stack?): run \`pulumi refresh\` to drop it from the state; the next \`pulumi up\` creates it again`);
    }
    // Every resource of the stack fails the same way on a key refusal: said in full once (D62).
    if (error instanceof KeyRefusal) error = new Error(onceInFull(deployment.run.refusalsSaid, what, error));
    throw await readable(error, what, deployment.log);
  }
}

export interface ResourceOperations {
  check(d: Deployment, olds: Props, news: Props): Promise<pulumi.dynamic.CheckResult>;
  diff(d: Deployment, id: string, olds: Props, news: Props): Promise<pulumi.dynamic.DiffResult>;
  create(d: Deployment, inputs: Props): Promise<{ id: string; outs: Props }>;
  /** `id: ""` when the object is gone. */
  read(d: Deployment, id: string, props: Props): Promise<{ id: string; props?: Props; inputs?: Props }>;
  update(d: Deployment, id: string, olds: Props, news: Props): Promise<{ outs: Props }>;
  delete(d: Deployment, id: string, props: Props): Promise<void>;
}

/** The operations of one resource type (`ApiApp`); throws for an unknown type. Closures only: a host keeps what it reuses. */
export function resourceOperations(type: string): ResourceOperations {
  const impl = registry[type];
  if (!impl) throw new Error(`pulumi-esign: unknown resource type ${type}`);
  const inputsSchema = inputSchemas[type];
  return {
    check: (d, olds, news) =>
      op(d, type, "check", async () => {
        d.assertSettings(); // a bad setting fails the preview here, before any request
        checkpointAtStart(d); // the first check of a run comes before its first create (D96)
        let result = checkInputs(impl, inputsSchema, olds, news);
        const failures = [...(result.failures ?? [])];
        if (failures.length === 0) failures.push(...renameFailures(d, type, impl, olds, result.inputs ?? news));
        if (impl.plan && failures.length === 0) {
          result = await impl.plan(d.context(), olds, result.inputs ?? news);
          failures.push(...(result.failures ?? []));
        }
        return { ...result, failures, inputs: result.inputs && plain(result.inputs) };
      }),
    diff: (d, id, o, n) =>
      op(d, type, "diff", async () => {
        const result = await inputDiff(impl, id, o, n, d);
        // A key changed since this object's last deployment is verified now (one read per
        // process) and recorded by an update, even when no input changed (D63).
        if (await keyChange(d, `${type} ${id} diff`, o)) return { ...result, changes: true };
        return result;
      }),
    create: (d, given) =>
      op(
        d,
        type,
        "create",
        async () => {
          const ctx = d.context();
          const { accountId } = await actingAccount(ctx, `${type} create`);
          const made = impl.settle ? { [CREATED_AT]: Date.now() } : {};
          const recorded = async (id: string, outs: Props) => {
            d.run.claims.claim(objectKeys(type, impl, id, outs));
            return withDeclared(impl, { ...keepUnreported(impl.rules, outs, given), [PIN]: accountId, ...(await recordKey(d)), ...made }, given);
          };
          try {
            // After a cut-off run the object may exist already (made/after-cut-off.ts, D96).
            const { id, outs } = (await afterCutOff(ctx, type, given, checkpointAtStart(d))) ?? (await impl.create(ctx, given));
            return { id, outs: await recorded(id, outs) };
          } catch (error) {
            if (!(error instanceof UnfinishedCreate)) throw error;
            // The service made it: the engine records it (a partial failure) and the next up continues from it (D121).
            const line = `${type} create: ${error.reason}; the service made it (${error.id}), so the stack records it and the next \`pulumi up\` continues from it`;
            throw new PartialCreate(line, error.id, await recorded(error.id, error.outs));
          }
        },
        subject(type, undefined, given),
      ),
    read: (d, id, old) =>
      op(
        d,
        type,
        "read",
        async () => {
          const ctx = d.context();
          // Another account's key sees a 404 for this object: refuse before reading, never "gone".
          const accountId = await checkPin(ctx, `${type} ${id} read`, old);
          // A young object of a lagging kind may be hidden by the service's lag: tried again within its bound (D120).
          const since = impl.settle ? createdAt(old)[CREATED_AT] : undefined;
          const read = await untilFound(ctx, since, () => unlessGone(() => impl.read(ctx, id, old), undefined));
          if (!read) return { id: "" };
          const current = keepUnreported(impl.rules, read, old);
          const pinned = { ...current, [PIN]: accountId, ...(await recordKey(d, old)), ...createdAt(old) };
          const outs = old[DECLARED] === undefined ? pinned : { ...pinned, [DECLARED]: old[DECLARED] };
          return { id, props: plain(outs), inputs: plain(refreshedInputs(impl, current, old[DECLARED])) };
        },
        subject(type, id, old),
      ),
    update: (d, id, o, n) =>
      op(
        d,
        type,
        "update",
        async () => {
          const ctx = d.context();
          const accountId = await checkPin(ctx, `${type} ${id} update`, o);
          const unchanged = (await inputDiff(impl, id, o, n, d)).changes === false;
          // Only the key changed (a verified rotation): record it, send nothing.
          const onlyKey = unchanged && (await keyDiffers(d, o));
          // Nothing changed: the engine continues an unfinished create (D121), which settles, sending nothing.
          const settles = unchanged && !onlyKey && impl.settle !== undefined;
          const send = () => (settles ? impl.settle!(ctx, id, n, createdAt(o)[CREATED_AT] ?? 0) : impl.update(ctx, id, o, n));
          const outs = onlyKey ? { ...o } : keepUnreported(impl.rules, await send(), n);
          return { outs: withDeclared(impl, { ...outs, [PIN]: accountId, ...(await recordKey(d, o)), ...createdAt(o) }, n) };
        },
        subject(type, id, n),
      ),
    delete: (d, id, old) =>
      op(
        d,
        type,
        "delete",
        async () => {
          const ctx = d.context();
          await checkPin(ctx, `${type} ${id} delete`, old);
          const kept = d.run.claims.claimedKey(objectKeys(type, impl, id, old));
          if (kept) {
            // A rename: another resource of this deployment adopted the object; keep it.
            ctx.log(`${type} ${id}: kept, another resource of this deployment took it over (${kept})`);
            return;
          }
          await unlessGone(() => impl.delete(ctx, id, old), undefined);
        },
        subject(type, id, old),
      ),
  };
}
