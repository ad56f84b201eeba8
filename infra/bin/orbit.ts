import { App } from 'aws-cdk-lib';

import { addOrbitStack } from '../lib/app';

// The CDK app: cdk.json runs this file. Context and ORBIT_* variables are described in docs/deploy.md.
const app = new App();
addOrbitStack(app, process.env);
app.synth();
