import { API_ROUTES, type TContactForm } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';

/** POST /api/contact-us: a 2xx status is the success (docs/product.md §7); the body is not read. */
export const sendContactMessage = async (form: TContactForm): Promise<void> => {
  await http.post(API_ROUTES.contactUs, form);
};
