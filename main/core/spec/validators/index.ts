export * from './amount.js';
export * from './iban.js';
export * from './kid.js';
export * from './nationalIdentityNumber.js';
export * from './norwegianBban.js';
export * from './free-text.js';
