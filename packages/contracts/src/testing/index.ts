export { fixtures } from './entities.js';
export {
  exampleRequest,
  exampleResponse,
  operationsWithoutExamples,
  type ExampleRequest,
} from './operations.js';
