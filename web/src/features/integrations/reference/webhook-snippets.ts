/**
 * "Verify webhook signatures" (docs/integrations.md, "Webhooks"): how a receiver checks a
 * delivery with the Standard Webhooks library of its language before trusting it. Code, not
 * prose, so it is the same in every interface language; each verifies the raw body (a body
 * parsed and serialised again no longer matches its signature) and answers 2xx only then.
 */
export interface SignatureSnippet {
  readonly id: 'node' | 'python' | 'go' | 'php';
  /** The language and library, as a developer would search for them. */
  readonly label: string;
  readonly install: string;
  readonly code: string;
}

export const signatureSnippets: readonly SignatureSnippet[] = [
  {
    id: 'node',
    label: 'Node.js',
    install: 'npm install standardwebhooks',
    code: `import express from 'express';
import { Webhook } from 'standardwebhooks';

// The subscription's signing secret (whsec_…), shown once when created or rotated.
const webhook = new Webhook(process.env.ORBIT_WEBHOOK_SECRET);
const app = express();

// The raw body: the signature covers the exact bytes Orbit sent.
app.post('/orbit-webhooks', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body.toString('utf8'), {
      'webhook-id': req.header('webhook-id'),
      'webhook-timestamp': req.header('webhook-timestamp'),
      'webhook-signature': req.header('webhook-signature'),
    });
  } catch {
    return res.status(400).end();
  }
  // event.type, event.data; webhook-id is the same on every retry: de-duplicate on it.
  res.status(204).end();
});`,
  },
  {
    id: 'python',
    label: 'Python',
    install: 'pip install standardwebhooks',
    code: `import os

from flask import Flask, request
from standardwebhooks import Webhook

# The subscription's signing secret (whsec_…), shown once when created or rotated.
webhook = Webhook(os.environ["ORBIT_WEBHOOK_SECRET"])
app = Flask(__name__)


@app.post("/orbit-webhooks")
def orbit_webhooks():
    headers = {name: request.headers.get(name, "") for name in ("webhook-id", "webhook-timestamp", "webhook-signature")}
    try:
        # The raw body: the signature covers the exact bytes Orbit sent.
        event = webhook.verify(request.get_data(as_text=True), headers)
    except Exception:
        return "", 400
    # event["type"], event["data"]; webhook-id is the same on every retry: de-duplicate on it.
    return "", 204`,
  },
  {
    id: 'go',
    label: 'Go',
    install: 'go get github.com/standard-webhooks/standard-webhooks/libraries/go',
    code: `package main

import (
	"io"
	"net/http"
	"os"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

func main() {
	// The subscription's signing secret (whsec_…), shown once when created or rotated.
	webhook, err := standardwebhooks.NewWebhook(os.Getenv("ORBIT_WEBHOOK_SECRET"))
	if err != nil {
		panic(err)
	}
	http.HandleFunc("/orbit-webhooks", func(w http.ResponseWriter, r *http.Request) {
		// The raw body: the signature covers the exact bytes Orbit sent.
		body, err := io.ReadAll(r.Body)
		if err != nil || webhook.Verify(body, r.Header) != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		// Decode body; webhook-id is the same on every retry: de-duplicate on it.
		w.WriteHeader(http.StatusNoContent)
	})
	http.ListenAndServe(":8080", nil)
}`,
  },
  {
    id: 'php',
    label: 'PHP',
    install: 'composer require standard-webhooks/standard-webhooks',
    code: `<?php
require __DIR__ . '/vendor/autoload.php';

use StandardWebhooks\\Webhook;

// The subscription's signing secret (whsec_…), shown once when created or rotated.
$webhook = new Webhook(getenv('ORBIT_WEBHOOK_SECRET'));

// The raw body: the signature covers the exact bytes Orbit sent.
$body = file_get_contents('php://input');
$headers = [
    'webhook-id' => $_SERVER['HTTP_WEBHOOK_ID'] ?? '',
    'webhook-timestamp' => $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '',
    'webhook-signature' => $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '',
];
try {
    $event = $webhook->verify($body, $headers);
} catch (Exception $e) {
    http_response_code(400);
    exit;
}
// $event['type'], $event['data']; webhook-id is the same on every retry: de-duplicate on it.
http_response_code(204);`,
  },
];
