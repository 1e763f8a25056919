export type { ExampleRequest } from '../core/operation.js';
export { fixtures } from './entities.js';
export { exampleRequest, exampleResponse, operationsWithoutExamples } from './operations.js';
export { requestCases, type RequestCase } from './request-cases.js';
