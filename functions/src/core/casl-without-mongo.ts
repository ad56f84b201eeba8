/**
 * Stands in for `@ucast/mongo2js` (CASL's MongoDB query engine) in the Lambda bundles and the web
 * build (infra/lib/bundling.ts and web/vite.config.ts alias it). Orbit's abilities match
 * conditions by field equality (`matchEveryField` in ability.ts), so the engine never runs, but
 * CASL 7's entry builds it at module load (an unannotated `createFactory(...)` call), which keeps
 * ~10 KB of it in every bundle. Here that call builds a matcher that refuses to work, with a
 * message that says why. Tests that run without the alias use the real package.
 */

const unsupported = (): never => {
  throw new Error(
    "MongoDB-style conditions are not supported in Orbit's builds: abilities match by field equality (docs/decisions.md, 'Authorisation rules are equality conditions').",
  );
};

/** CASL's `createMongoAbility` would get this matcher factory; using it throws. */
export const createFactory = () => unsupported;

// The operators and interpreters CASL's entry files import by name; never called.
export const $all = unsupported;
export const $elemMatch = unsupported;
export const $eq = unsupported;
export const $exists = unsupported;
export const $gt = unsupported;
export const $gte = unsupported;
export const $in = unsupported;
export const $lt = unsupported;
export const $lte = unsupported;
export const $ne = unsupported;
export const $nin = unsupported;
export const $options = unsupported;
export const $regex = unsupported;
export const $size = unsupported;
export const all = unsupported;
export const and = unsupported;
export const elemMatch = unsupported;
export const eq = unsupported;
export const exists = unsupported;
export const gt = unsupported;
export const gte = unsupported;
export const lt = unsupported;
export const lte = unsupported;
export const ne = unsupported;
export const nin = unsupported;
export const regex = unsupported;
export const size = unsupported;
export const within = unsupported;
export const buildAnd = unsupported;
export const buildOr = unsupported;
export class CompoundCondition {
  constructor() {
    unsupported();
  }
}
