/** remOmniFailures (/rem_omni/failures): the failure board of the Category Leaderboard setups. */
export { FailureBoardPage as Component } from '../components/failure-board-page';
