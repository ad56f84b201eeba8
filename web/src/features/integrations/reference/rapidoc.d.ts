/** RapiDoc ships no types: importing it defines the <rapi-doc> custom element, nothing else. */
declare module 'rapidoc';
