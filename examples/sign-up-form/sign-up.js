// Attaches the widget to the email field with the service address and publishable key the back end
// wrote into the form. The script tag bundle defines window.MailcheckWidget.
const form = document.querySelector('form');
MailcheckWidget.attach('#email', {
  baseUrl: form.dataset.mailcheckBaseUrl,
  key: form.dataset.mailcheckKey,
});
