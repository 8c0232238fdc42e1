// What other areas use of the notices: the bell (Home's header), which opens the notification centre.
export { NoticesBell } from './NoticesBell';
