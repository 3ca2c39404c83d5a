// Loads a Compose file with compose-go, the library `docker compose` itself uses, so a file that
// passes here is one Docker Compose accepts (schema, interpolation, depends_on, profiles), on a
// machine without a container engine. Prints the resolved topology as JSON for the test to check.
// Variables are interpolated from this process's environment, as `docker compose` takes the shell's.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/compose-spec/compose-go/v2/cli"
)

type service struct {
	Image       string            `json:"image"`
	Build       bool              `json:"build"`
	Healthcheck bool              `json:"healthcheck"`
	DependsOn   map[string]string `json:"dependsOn"`
	Environment map[string]string `json:"environment"`
	Profiles    []string          `json:"profiles"`
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: compose-check <compose file>")
		os.Exit(2)
	}
	options, err := cli.NewProjectOptions([]string{os.Args[1]}, cli.WithName("compose-check"), cli.WithProfiles([]string{"*"}), cli.WithOsEnv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "options:", err)
		os.Exit(2)
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		fmt.Fprintln(os.Stderr, "invalid compose file:", err)
		os.Exit(1)
	}
	services := map[string]service{}
	for name, svc := range project.Services {
		depends := map[string]string{}
		for dep, cfg := range svc.DependsOn {
			depends[dep] = cfg.Condition
		}
		env := map[string]string{}
		for key, value := range svc.Environment {
			if value != nil {
				env[key] = *value
			}
		}
		services[name] = service{Image: svc.Image, Build: svc.Build != nil, Healthcheck: svc.HealthCheck != nil && !svc.HealthCheck.Disable, DependsOn: depends, Environment: env, Profiles: svc.Profiles}
	}
	out, _ := json.Marshal(map[string]any{"services": services})
	fmt.Println(string(out))
}
