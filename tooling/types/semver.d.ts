// semver ships no types of its own (and @types/semver is not installed): the part of its API the
// build code uses (tooling/federation-contract.cjs).
declare module 'semver' {
  export function intersects(
    range1: string,
    range2: string,
    options?: { loose?: boolean; includePrerelease?: boolean },
  ): boolean;
}
