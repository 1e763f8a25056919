export { LoginPage as Component } from '../components/login-page';
