export * from './amount.js';
export * from './iban.js';
export * from './kid.js';
export * from './national-identity-number.js';
export * from './norwegian-bban.js';
export * from './free-text.js';
