/**
 * @kibitz/rules: kept for compatibility until its consumers import `@kibitz/rules/pinochle`
 * (the Pinochle family's own entry, re-exported here whole). The game seam, every game's
 * module and the registry are in `@kibitz/rules/game`; Bridge is `@kibitz/rules/bridge`.
 */
export * from './pinochle/index.ts';
