/** seeAllProduct (/product/see_all): the products list. */
export { ProductsPage as Component } from '../components/products-page';
