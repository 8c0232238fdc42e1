/** The bills area: the Bills tab of Pay (loaded on its own when the tab opens). */
export { default } from './BillsTab';
