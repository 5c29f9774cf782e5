/**
 * @module service/control/faults
 * Fault rules under /_local/faults (the rules themselves: service/http/faults.ts).
 */
import { z } from "zod";
import type { FaultInput } from "../http/faults";
import { controlRoute, ok, type ControlRoute } from "../kernel";
import { numeric } from "./fields";
import type { ControlPlane } from "./plane";

const faultBody = z
  .object({
    method: z.string().nullish(),
    path: z.string(),
    status: numeric.pipe(z.number().int("must be an HTTP status").min(100, "must be an HTTP status").max(599, "must be an HTTP status")).nullish(),
    count: numeric.pipe(z.number().int("must be a non-negative integer").min(0, "must be a non-negative integer")).nullish(),
    ratio: numeric.pipe(z.number().min(0, "must be within 0..1").max(1, "must be within 0..1")).nullish(),
    seed: numeric.pipe(z.number().int("must be an integer")).nullish(),
    delay_ms: numeric.nullish(),
    after: z.boolean().optional(),
    drop: z.boolean().optional(),
    reset_after_s: numeric.nullish(),
    duration_ms: numeric.nullish(),
    error_name: z.string().nullish(),
    error_msg: z.string().nullish(),
  })
  .refine((b) => b.status != null || b.delay_ms != null || b.drop === true, { message: "is needed (or drop and/or delay_ms): a fault must do something", path: ["status"] })
  .refine((b) => b.seed == null || b.ratio != null, { message: "applies to a ratio rule only", path: ["seed"] });

/** The rule as the fault list keeps it: absent settings left out, the method upper-cased. */
function faultInput(b: z.output<typeof faultBody>): FaultInput {
  const opt = <T>(v: T | null | undefined): T | undefined => v ?? undefined;
  return {
    method: b.method?.toUpperCase(),
    path: b.path,
    status: opt(b.status),
    count: opt(b.count),
    ratio: opt(b.ratio),
    ...(b.seed != null ? { seed: b.seed } : {}),
    delay_ms: opt(b.delay_ms),
    error_name: opt(b.error_name),
    error_msg: opt(b.error_msg),
    ...(b.after ? { after: true } : {}),
    ...(b.drop ? { drop: true } : {}),
    ...(b.reset_after_s != null ? { reset_after_s: b.reset_after_s } : {}),
    ...(b.duration_ms != null ? { duration_ms: b.duration_ms } : {}),
  };
}

export function faultRoutes({ faults }: ControlPlane): ControlRoute[] {
  return [
    controlRoute({
      method: "POST",
      path: "/faults",
      body: faultBody,
      summary: "Add a fault rule {method?, path, status?|drop?, count?|ratio? (seed?), delay_ms?, after?, reset_after_s?, duration_ms?, error_name?, error_msg?}",
      handler: ({ body }) => ok({ fault: faults.add(faultInput(body)) }, 201),
    }),
    { method: "GET", path: "/faults", summary: "Active fault rules", handler: () => ok({ faults: faults.list() }) },
    { method: "DELETE", path: "/faults", summary: "Remove every fault rule", handler: () => (faults.clear(), ok({ cleared: true })) },
  ];
}
