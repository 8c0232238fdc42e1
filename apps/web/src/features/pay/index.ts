/** What other features use of the pay area: the send-money form (and its rules) and its preview → PIN → result dialog. */
export { sendForm, type SendForm } from './schemas';
export { TransferDialog } from './TransferDialog';
export { SendMoneyForm } from './SendMoneyForm';
