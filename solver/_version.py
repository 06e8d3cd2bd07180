"""The package version, apart so that every wing can name it without importing the others."""

__version__ = "0.1.0"
