// @castbook/test-kit: what the test tiers share, so no test reaches into another service's code or a
// package's internals (docs/decisions.md, "One test kit"). Everything here is for tests run by
// vitest; scripts and benchmarks outside vitest use the subpaths that do not load it:
// `@castbook/test-kit/client`, `/pdnc`, `/servers`, `/tokens`.
export * from './api-client.js';
export * from './auth-stack.js';
export * from './books.js';
export * from './databases.js';
export * from './infra.js';
export * from './pdnc.js';
export * from './sign-token.js';
export * from './wait.js';
export * from './workspace-stack.js';
export * from './fake-openai.js';
