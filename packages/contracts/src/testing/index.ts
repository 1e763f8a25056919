export type { ExampleRequest } from '../core/operation.js';
export { fixtures } from './entities.js';
export { exampleRequest, exampleResponse, operationsWithoutExamples } from './operations.js';
export { requestCases, type RequestCase } from './request-cases.js';
export { boundaryCases, REQUEST_BOUNDS, schemaBounds } from './boundary-cases.js';
