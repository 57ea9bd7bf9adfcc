/** The contact feature's front door: its events. Other features import it only from here. */
export * from './contact-message.events';
