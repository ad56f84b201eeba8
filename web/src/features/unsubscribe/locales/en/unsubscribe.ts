/** English, unsubscribe part: the public opt-out page (features/unsubscribe). */
const unsubscribe = {
  unsubscribe: {
    title: 'Unsubscribe',
    heading: 'Unsubscribe from these mailings',
    loading: 'Checking your link…',
    explain: '{{workspace}} will stop sending mailings and follow-up messages to {{address}}.',
    button: 'Unsubscribe',
    submitting: 'Unsubscribing…',
    note: 'You can close this page if you want to keep receiving them.',
    doneHeading: 'You are unsubscribed',
    done: '{{address}} will receive no more mailings from {{workspace}}.',
    alreadyHeading: 'You are already unsubscribed',
    already: '{{address}} receives no mailings from {{workspace}}.',
    invalidHeading: 'This link is not valid',
    invalid:
      'This unsubscribe link is not valid: it may be incomplete. Open the whole link from the email, or reply to the email to ask to be taken off the list.',
    failed: 'Something went wrong on our side. Please try again.',
    retry: 'Try again',
  },
};

export default unsubscribe;
