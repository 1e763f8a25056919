/** Every operator-facing text of docs/requirements.md#messages, letter for letter. */
export const MESSAGES = {
  // validation (docs/requirements.md#messages)
  minimumCharacters: 'Minimum 3 characters required',
  specialCharacters: 'Special characters are not allowed',
  customerExists: 'A customer already exists',
  customerSetupExists: 'A customer setup already exists, please edit the existing setup.',
  provideAllRequired: 'Please provide all required fields',
  maxBrowseNodes: (n: number) => `Maximum ${n} browse nodes are allowed`,
  scheduleInvalidVerify: 'Invalid Input. Please verify.',
  editNothingChanged: 'Not changes has to be saved.',
  scheduleInvalidInput: 'Invalid Input.',
  scheduleInvalidDate: 'Invalid Date.',
  scheduleEndDateRequired: 'End Date is required.',
  productNoChanges: 'No changes has to be saved.',
  fieldRequired: 'This field is required.',
  legacyClientNameRequired: 'Client name required',
  legacyClientExists: 'A client already exists',
  legacySelectStatus: 'Please select status',
  loginEmailRequired: 'Please enter an email ID.',
  // Our decision, in the words of the rule above: a request's text with a control character.
  controlCharacters: 'Control characters are not allowed',
  // The spec offers Re-trigger on every failed step but this one; the gateway refuses it too.
  stepNotRetriggerable: 'The step ncs_client_db_setup cannot be re-triggered',
  // A re-trigger of a step whose row is not FAILED in the setup's current workflow.
  stepNotFailed: 'Only a failed step can be re-triggered.',
  // errors (docs/requirements.md#error-catalogue)
  loginFailed: 'Authentication failed. Please try again.',
  loginNetworkError: 'Network error. Please check your connection and try again.',
  // Our decision: the gateway's sign-in callback when ALLOWED_EMAIL_DOMAINS refuses the e-mail.
  loginDomainNotAllowed: 'This e-mail domain is not allowed to sign in.',
  listLoadFailed: 'Something went wrong!',
  actionFailed: 'Oops..Something went wrong!',
  retailerLoadFailed: 'Something went wrong while getting retailer information !!',
  detailsLoadFailed: 'Something went wrong',
  editLoadFailed: 'Something Went Wrong !!',
  promptSaveFailed: 'Ops! Something went wrong. Please try again.',
  // screen texts used by rules (docs/requirements.md#messages)
  deleteStepConfirm: 'Are you sure you want to delete this step ?',
  noStepAdded: 'No step added yet',
  rearrangeInfo: 'Hold and drag a step to update its order',
  performanceComingSoon: 'Performance Coming Soon!',
} as const;
