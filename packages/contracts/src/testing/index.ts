export { fixtures } from './entities.js';
export {
  exampleRequest,
  exampleRequests,
  exampleResponse,
  exampleResponses,
  operationsWithoutExamples,
  type ExampleRequest,
} from './operations.js';
