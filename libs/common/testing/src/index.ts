// Lets `@lib/common/testing` resolve under tsconfig's `@lib/* -> libs/*/src` mapping (jest maps it to src/testing directly).
export * from '../../src/testing';
