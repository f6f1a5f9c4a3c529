// Written by the core (npm run core-data; npm test fails when it differs): the ids the
// core accepts, as TypeScript types. Edit the core, not this file.
/** A plant's id (`forcelab::catalogue::PlantId`). */
export type PlantId = 'cube' | 'plate' | 'box';
/** An integrator's id (`forcelab::integrator::Integrator`). */
export type IntegratorId = 'semi-implicit-euler' | 'explicit-euler' | 'rk4';
/** A law's id (`forcelab::catalogue::LawId`). */
export type LawId = 'pd' | 'backward-pd' | 'backward-pd-as-printed' | 'spd' | 'spd-simplified' | 'implicit-pd' | 'second-order' | 'soft-step' | 'pid' | 'windowed-pid' | 'windowed-pid-as-printed' | 'one-step' | 'one-step-as-printed';
/** A gain form's id (`forcelab::gain_forms::GainForm`). */
export type GainFormId = 'raw' | 'wu' | 'bloom' | 'natural' | 'half-life';
