import type { ContactFields } from '../../lib/contact';

type ContactField = keyof ContactFields;

export interface Template {
  id: string;
  name: string;
  useCase: string;
  requiredFields: ContactField[];
  optionalFields: ContactField[];
}

/** The curated, fixed catalogue, in listing order. Ids are kebab-case and never reused. */
export const TEMPLATE_CATALOGUE: readonly Template[] = Object.freeze([
  {
    id: 'business-card',
    name: 'Business card',
    useCase: 'The back of a printed business card: name, company, role and the usual ways to reach you.',
    requiredFields: ['fullName', 'organization', 'phone', 'email'],
    optionalFields: ['title', 'website', 'address'],
  },
  {
    id: 'minimal',
    name: 'Minimal contact',
    useCase: 'The smallest scannable card: a name and one phone number, for tiny prints and stickers.',
    requiredFields: ['fullName', 'phone'],
    optionalFields: [],
  },
  {
    id: 'sales-contact',
    name: 'Sales contact',
    useCase: 'A sales representative at a trade fair booth or on a brochure.',
    requiredFields: ['fullName', 'organization', 'email'],
    optionalFields: ['title', 'phone', 'website', 'note'],
  },
  {
    id: 'event-badge',
    name: 'Event badge',
    useCase: 'An attendee badge that other attendees scan to keep in touch.',
    requiredFields: ['fullName', 'email'],
    optionalFields: ['organization', 'title', 'website'],
  },
  {
    id: 'conference-speaker',
    name: 'Conference speaker',
    useCase: 'A slide or name card for a speaker, linking to their talk or profile.',
    requiredFields: ['fullName', 'website'],
    optionalFields: ['organization', 'title', 'email', 'note'],
  },
  {
    id: 'real-estate-agent',
    name: 'Real-estate agent',
    useCase: 'A yard sign or listing flyer: the agent, the agency and the office address.',
    requiredFields: ['fullName', 'organization', 'phone'],
    optionalFields: ['title', 'email', 'website', 'address'],
  },
  {
    id: 'freelancer',
    name: 'Freelancer',
    useCase: 'An independent professional with a portfolio site and a short pitch.',
    requiredFields: ['fullName', 'email', 'website'],
    optionalFields: ['title', 'phone', 'note'],
  },
  {
    id: 'support-desk',
    name: 'Support desk',
    useCase: 'A shared support contact on a product label or manual, with opening hours in the note.',
    requiredFields: ['fullName', 'phone', 'email'],
    optionalFields: ['organization', 'website', 'address', 'note'],
  },
  {
    id: 'restaurant',
    name: 'Restaurant or shop',
    useCase: 'A table tent or shop window: the venue as a contact, with address and website.',
    requiredFields: ['fullName', 'phone', 'address'],
    optionalFields: ['organization', 'website', 'email', 'note'],
  },
]);

const BY_ID = new Map(TEMPLATE_CATALOGUE.map((t, index) => [t.id, { template: t, index }]));

export function findTemplate(id: string): { template: Template; index: number } | undefined {
  return BY_ID.get(id);
}
