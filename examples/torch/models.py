"""The three PyTorch models of examples/torch with fixed, odd shapes.

Each entry builds a module with seeded weights and example inputs. The
module is exported twice by export.py: as is (torch-mlir inlines the
parameters as constants) and as a "functional" wrapper whose parameters are
function arguments, so that MDH kernels receive the weights as buffers.
"""

import torch
import torch.nn as nn


class MatMul(nn.Module):
    def forward(self, a, b):
        return torch.matmul(a, b)


class Conv(nn.Module):
    def __init__(self):
        super().__init__()
        # No padding: torch-mlir would emit a tensor.pad before the conv.
        self.conv = nn.Conv2d(3, 5, kernel_size=3, stride=2, bias=True)

    def forward(self, x):
        return self.conv(x)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(23, 41)
        self.fc2 = nn.Linear(41, 13)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def build(name):
    """Returns (module, example inputs) for `name`, seeded."""
    torch.manual_seed(0)
    if name == "matmul":
        return MatMul(), (torch.randn(37, 53), torch.randn(53, 29))
    if name == "conv":
        return Conv(), (torch.randn(2, 3, 17, 19),)
    if name == "mlp":
        return MLP(), (torch.randn(7, 23),)
    raise ValueError(f"unknown model '{name}'")


MODELS = ("matmul", "conv", "mlp")


class Functional(nn.Module):
    """`module` with its parameters as trailing forward() arguments."""

    def __init__(self, module):
        super().__init__()
        self.module = module
        self.names = [n for n, _ in module.named_parameters()]

    def forward(self, *args):
        n = len(args) - len(self.names)
        params = dict(zip(self.names, args[n:]))
        return torch.func.functional_call(self.module, params, args[:n])


def functional(name):
    """(wrapper, inputs + parameters, parameter names) for `name`."""
    module, inputs = build(name)
    wrapper = Functional(module)
    params = tuple(p.detach() for _, p in module.named_parameters())
    return wrapper, inputs + params, wrapper.names
