using System.Reflection;
using System.Runtime.CompilerServices;

[assembly: AssemblyTitle ("System.MP")]
[assembly: AssemblyDescription ("Message passing built into the Motor runtime")]
[assembly: AssemblyVersion ("0.1.0.0")]

// The test programs (Makefile.am: test_programs, tests/fuzz/FuzzTypes.exe) that use the runtime's test hooks,
// which are internal so that they are no part of the API: Diagnostics.AddressOf, InternalCalls, the Spin setter,
// CollectivesNonBlocking, ReduceLocalOnNewThread and ObjectDiagnostics.Serialize/Deserialize.  The names are
// the programs' assembly names.
[assembly: InternalsVisibleTo ("BlockingGcTests")]
[assembly: InternalsVisibleTo ("CollectiveRefusalTests")]
[assembly: InternalsVisibleTo ("CollectiveTests")]
[assembly: InternalsVisibleTo ("NbCollTests")]
[assembly: InternalsVisibleTo ("EnvTests")]
[assembly: InternalsVisibleTo ("FuzzTypes")]
[assembly: InternalsVisibleTo ("HostileInputTests")]
[assembly: InternalsVisibleTo ("NonBlockingTests")]
[assembly: InternalsVisibleTo ("ObjectTests")]
[assembly: InternalsVisibleTo ("OpTests")]
[assembly: InternalsVisibleTo ("RefusalTests")]
[assembly: InternalsVisibleTo ("TopologyTests")]
[assembly: InternalsVisibleTo ("PersistentTests")]
[assembly: InternalsVisibleTo ("WinTests")]

// MPI.dll (MPI.NET's API over System.MP, mpinet/) uses the serializer's serializable mode (SerializableMode.cs).
// MPI.dll (mpinet/): the MPI.NET facade takes part in a collective's agreement (Coll.Refuse) when it refuses
// arguments that only it checks, before the System.MP collective its peers are in.
[assembly: InternalsVisibleTo ("MPI")]
