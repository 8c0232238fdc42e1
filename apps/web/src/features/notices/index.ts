// What other areas use of the notices: the bell (Home's header). The page is lazy-loaded by the router.
export { NoticesBell } from './NoticesBell';
